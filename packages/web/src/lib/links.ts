/** Addresses outside the SPA's routes that several features link to. */

/** "Sign in with ServiceM8": the server redirects on to ServiceM8's consent page (full page load). */
export const SERVICEM8_SIGN_IN_URL = '/api/Auth/login/servicem8';
