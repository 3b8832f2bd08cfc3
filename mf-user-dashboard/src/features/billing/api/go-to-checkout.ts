/** Leaves the app for the payment provider's hosted checkout (a full page load, as providers require). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
