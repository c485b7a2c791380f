/**
 * The page's one inline script (it carries the nonce): it lets the first paint need nothing but the
 * HTML, the stylesheet and its font (ADR 0015). The page script and the modules it imports are
 * fetched once the browser reports the first contentful paint, so on a slow link they share no
 * bandwidth with what that paint needs; the page script then waits for the document's end
 * (streamed parts included), as a module script would. A browser that reports no paints starts it
 * at once; a page loaded hidden (a background tab, a prerender) gets no paint to report, and starts
 * it when loaded. A script that cannot load leaves the page as HTML, which works (ADR 0014).
 */
export function pageStartScript(src: string, preload: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `{let started=false;const d=document;
const go=()=>import(${json(src)}).catch(()=>{});
const start=()=>{if(started)return;started=true;
for(const h of ${json(preload)}){const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)}
d.readyState==="loading"?d.addEventListener("DOMContentLoaded",go,{once:true}):go()};
const hidden=()=>{if(d.visibilityState==="hidden")d.readyState==="complete"?start():addEventListener("load",start,{once:true})};
if(PerformanceObserver.supportedEntryTypes?.includes("paint")){
new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}}).observe({type:"paint",buffered:true});
hidden();d.addEventListener("visibilitychange",hidden)}else start()}`.replace(/\n/g, "");
}
