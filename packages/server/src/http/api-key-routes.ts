/**
 * The operations a business's API key may call: its triggers (switching one on or off among them),
 * their runs and dry runs, `/api/vendor/{vendorId}/Trigger…`. Every other operation refuses keys.
 */
const API_KEY_ROUTES = /\/vendor\/:vendorId\/Trigger(\/|$)/;

/** Whether the route (its pattern, such as `/api/vendor/:vendorId/Trigger/search`) accepts API keys. */
export function acceptsApiKeys(routeUrl: string): boolean {
  return API_KEY_ROUTES.test(routeUrl);
}
