// Shared by the security and hostile-data browser tests.
import type { Page } from "@playwright/test";

/**
 * Records Content-Security-Policy violations of a page into `problems`: Chromium's console
 * message and the DOM's securitypolicyviolation event (which also sees report-only cases).
 */
export function collectCspViolations(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text()))
      problems.push(`CSP (console): ${message.text().slice(0, 240)}`);
  });
  void page.exposeBinding("__reportCspViolation", (_source, text: string) => {
    problems.push(`CSP (event): ${text}`);
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}
