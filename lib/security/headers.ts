// The app's security headers: a static set for every response (next.config.ts), a strict
// Content-Security-Policy for the JSON API and the sandbox (next.config.ts), and a per-request
// nonce policy for pages (proxy.ts). Plain constants, so next.config.ts can import them.

/** Sent on every response. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Other sites learn at most our origin from a followed news link, never a path or a query.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // frame-ancestors 'none' in the CSP is the modern form; this covers browsers without CSP 2.
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
];

/** Only behind TLS (a proxy saying x-forwarded-proto: https): the app itself may run on plain HTTP. */
export const HSTS_HEADER = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

/** The headers of a response the app sends itself, before Next: HSTS too when it came over TLS. */
export function securityHeadersFor(forwardedProto: string | string[] | undefined) {
  return forwardedProto === "https" ? [...SECURITY_HEADERS, HSTS_HEADER] : SECURITY_HEADERS;
}

/** JSON and PNG responses need nothing: no scripts, no styles, no framing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A logo, which may be an SVG (docs/reading-the-service.md): its own inline styles render when it is
 * opened at its URL, and nothing else does. No script, no load of anything, the document sandboxed.
 * (In a page a logo is an <img>, which runs no script whatever it holds.)
 */
export const LOGO_CSP = `${API_CSP}; style-src 'unsafe-inline'; sandbox`;

/**
 * The policy of a page. Scripts run only with this request's nonce (Next puts it on its own
 * scripts, read from this header), and 'strict-dynamic' lets them load the chunks they import;
 * no 'unsafe-eval' and no 'unsafe-inline' for scripts. Styles: stylesheets from our origin and
 * nonce'd <style> elements, plus style *attributes* ('unsafe-inline' in style-src-attr only):
 * React renders `style={{...}}` props (the virtualized table's row offsets, logo sizes) as
 * attributes in the server HTML, which a nonce cannot cover. Style attributes cannot run script.
 * Images (logos) come from our own /api/logo. In development React needs eval for its
 * debugging stacks, so 'unsafe-eval' is added there only.
 */
export function pageCsp(nonce: string, options: { dev?: boolean } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: a fresh nonce for every page request. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
