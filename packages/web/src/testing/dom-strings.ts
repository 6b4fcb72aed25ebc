/**
 * In a browser an element's `toString()` is `[object HTMLDivElement]`; happy-dom returns its outer HTML
 * instead. Popper (MUI's menus, autocompletes, tooltips) calls it to tell a window from an element, a few
 * dozen times per placement, so each placement serialized the whole menu again and again. This gives
 * back the browser's answer.
 */
export function elementToStringAsInBrowsers(): void {
  Element.prototype.toString = function asInBrowsers(this: Element) {
    return Object.prototype.toString.call(this);
  };
}
