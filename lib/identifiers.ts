// Identifier formats and check digits, valid by their published standards, plus the
// sandbox's own companyFiscalIdentifier scheme.

/** The longest companyKey accepted: real ones are far shorter. */
export const MAX_COMPANY_KEY_LENGTH = 64;

// `<EXCHANGE>_<TICKER>`, the ticker any printable text (tickers hold `/ . & + % # ? ,` and, in
// Stockholm, spaces): recognised, never parsed. Rejected: control and format characters (CR/LF,
// NUL, bidi overrides), space at either end, `..` (a dot segment, should a key ever meet a path)
// and absurd lengths.
const KEY_SOURCE = `(?=[^]{3,${MAX_COMPANY_KEY_LENGTH}}$)(?![^]*\\.\\.)[A-Za-z0-9]+_(?! )(?:[^\\p{C}\\p{Z}]| )+(?<! )`;

/** A companyKey as the upstream may send it (see above). */
export const COMPANY_KEY_PATTERN = new RegExp(`^${KEY_SOURCE}$`, "u");

/** What any identifier or key a person may paste can look like: a companyKey, or an identifier
 * of letters, digits and the marks identifiers use (CUSIPs have *@#). */
export const IDENTIFIER_PATTERN = new RegExp(`^(?:[A-Za-z0-9_.*@#-]{1,64}|${KEY_SOURCE})$`, "u");

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function charValue(c: string): number {
  const v = ALNUM.indexOf(c);
  if (v < 0) throw new Error(`invalid identifier character ${JSON.stringify(c)}`);
  return v;
}

/** Value of 0-9 / A-Z as 0..35 from a char code, or -1. */
function codeValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
}

/** ISIN (ISO 6166) check digit: letters expand to two digits, then Luhn over the digit string. */
export function isinCheckDigit(first11: string): string {
  // Collect the expanded digits right to left, then Luhn: double every second from the right.
  const upper = first11.toUpperCase();
  const digits: number[] = [];
  for (let i = upper.length - 1; i >= 0; i--) {
    const v = codeValue(upper.charCodeAt(i));
    if (v < 0) throw new Error(`invalid identifier character ${JSON.stringify(first11[i])}`);
    if (v > 9) digits.push(v % 10, Math.floor(v / 10));
    else digits.push(v);
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits[i] as number;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidIsin(isin: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin) && isinCheckDigit(isin.slice(0, 11)) === isin[11];
}

/** CUSIP check digit: "double-add-double" over values (A=10..Z=35, *=36, @=37, #=38). */
export function cusipCheckDigit(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = first8[i] as string;
    let v = c === "*" ? 36 : c === "@" ? 37 : c === "#" ? 38 : charValue(c);
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidCusip(cusip: string): boolean {
  return /^[A-Z0-9*@#]{8}[0-9]$/.test(cusip) && cusipCheckDigit(cusip.slice(0, 8)) === cusip[8];
}

/** FIGI consonants: no vowels, so no words. */
export const FIGI_CHARS = "BCDFGHJKLMNPQRSTVWXYZ0123456789";

/** FIGI check digit: letters to values (A=10), every second value doubled, digit sum, mod 10. */
export function figiCheckDigit(first11: string): string {
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let v = charValue(first11[i] as string);
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidFigi(figi: string): boolean {
  return (
    /^(BB|[B-DF-HJ-NP-TV-Z]{2})G[B-DF-HJ-NP-TV-Z0-9]{8}[0-9]$/.test(figi) &&
    !/^(BS|BM|GG|GB|GH|KY|VG)/.test(figi) &&
    figiCheckDigit(figi.slice(0, 11)) === figi[11]
  );
}

/** SEC Central Index Key as the API returns it: 10 digits, zero-padded. */
export function formatCik(n: number): string {
  return String(n).padStart(10, "0");
}

/** Accepts a CIK with or without leading zeros; returns the 10-digit form or null. */
export function normalizeCik(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[0-9]{1,10}$/.test(trimmed)) return null;
  return trimmed.padStart(10, "0");
}

// ---------------------------------------------------------------------------------------
// Fiscal identifiers: <prefix><9 body chars><1 check char>, body and check over 0-9A-Z.
// The check character is ISO/IEC 7064 MOD 37,36 (the hybrid system) computed over the
// body only. It catches every single-character substitution and every transposition of
// adjacent characters, so a mistyped identifier fails validation instead of resolving to
// a different company. Prefixes: FSCLC company, FSCLL listing, FSCLS security.
// ---------------------------------------------------------------------------------------

export const FISCAL_PREFIX = { company: "FSCLC", listing: "FSCLL", security: "FSCLS" } as const;
export type FiscalKind = keyof typeof FISCAL_PREFIX;
const FISCAL_BODY_LENGTH = 9;

export function mod3736Check(body: string): string {
  const m = 36;
  let p = m;
  for (const c of body) {
    let s = (p + charValue(c)) % m;
    if (s === 0) s = m;
    p = (2 * s) % (m + 1);
  }
  return ALNUM[(m + 1 - p) % m] as string;
}

/** Bijective scramble of a 32-bit index so consecutive companies get unrelated-looking ids. */
function scramble(n: number, salt: number): number {
  let x = (n ^ salt) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

export function fiscalIdentifier(kind: FiscalKind, index: number): string {
  // 32 scrambled bits and the low 12 bits of the index: 44 bits, exact in a double, and
  // 9 base-36 characters hold 46 bits. Distinct indexes give distinct bodies.
  let value = scramble(index, 0x5eed0000 + kind.length) * 4096 + (index & 0xfff);
  const codes: number[] = new Array(FISCAL_BODY_LENGTH);
  for (let i = FISCAL_BODY_LENGTH - 1; i >= 0; i--) {
    codes[i] = ALNUM.charCodeAt(value % 36);
    value = Math.floor(value / 36);
  }
  const body = String.fromCharCode(...codes);
  return `${FISCAL_PREFIX[kind]}${body}${mod3736Check(body)}`;
}

export function isValidFiscalIdentifier(value: string, kind: FiscalKind = "company"): boolean {
  const prefix = FISCAL_PREFIX[kind];
  const upper = value.toUpperCase();
  if (upper.length !== prefix.length + FISCAL_BODY_LENGTH + 1 || !upper.startsWith(prefix)) return false;
  const body = upper.slice(prefix.length, -1);
  if (!/^[0-9A-Z]+$/.test(body)) return false;
  return mod3736Check(body) === upper.slice(-1);
}

/** An ISIN or a CUSIP (check digit and all): the licensed identifiers. */
export function isLicensedIdentifier(value: string): boolean {
  const v = value.trim().toUpperCase();
  return isValidIsin(v) || isValidCusip(v);
}
