/**
 * Sends the browser to the payment provider's hosted checkout. A module of its own so component
 * tests can stand in for it: jsdom cannot navigate to another origin.
 */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
