/**
 * Text from readers, made safe for a terminal: control characters (escape sequences that clear the
 * screen, OSC 52 clipboard writes, C1 codes such as U+009B) are shown as \xNN instead of being
 * obeyed. Newlines and tabs stay unless `keepLines` is false.
 */
export function escapeControls(text: string, keepLines = true): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const pattern = keepLines ? /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g : /[\u0000-\u001F\u007F-\u009F]/g;
  return text.replace(pattern, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** JSON.stringify leaves U+007F–U+009F as they are; a terminal may obey them. */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007F-\u009F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
