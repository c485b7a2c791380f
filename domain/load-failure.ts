/**
 * A page's streamed data that could not be loaded, sent to the browser as a value rather than as
 * a rejected promise. A rejection that reaches the browser before hydration is left unhandled by
 * React Router: the reader's console gets an uncaught "Unexpected Server Error" although the page
 * shows its error state. As a value it renders the same on the server and after hydration.
 */
export type LoadFailure = { loadFailed: true };

export const LOAD_FAILURE: LoadFailure = { loadFailed: true };

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === "object" && value !== null && (value as LoadFailure).loadFailed === true;
}
