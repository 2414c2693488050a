/** Constructable stylesheets shared by every instance of every element (adopted, never injected). */
const sheets = new Map<string, CSSStyleSheet>();

/** One sheet per distinct CSS text, created on first use. */
export function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}
