/**
 * Saves text as a file under the given name: a Blob, an object URL and a clicked <a download>.
 * Runs in the browser only (from an event handler).
 */
export function saveTextFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by the next tick; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches one of our generated files, never from a cache; throws a readable message on failure. */
export async function fetchText(path: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store", headers: { Accept: "application/xml, text/xml" } });
  } catch {
    throw new Error("the server could not be reached. Check your connection and try again.");
  }
  if (!response.ok) throw new Error(`the server answered ${response.status}. Please try again in a moment.`);
  return response.text();
}

/** Parses XML with the browser's own parser; throws when it is not well-formed. */
export function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  if (doc.getElementsByTagName("parsererror").length > 0) {
    throw new Error("the file the server sent is not well-formed XML.");
  }
  return doc;
}
