/** Leaves the app for a payment provider's hosted page, checkout or portal (a full page load, as providers require). */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
