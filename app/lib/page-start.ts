/**
 * The page's one inline script (it carries the nonce): it lets the largest paint need nothing but
 * the HTML, the stylesheet, its font and the lead picture (ADR 0015). The page script and the
 * modules it imports are fetched once the browser reports the first contentful paint, the
 * document is parsed (streamed parts included, as a module script would wait) and the page's lead
 * picture (`img[fetchpriority=high]`, at most 3 s) has loaded and been painted, so on a slow link
 * they share no bandwidth with what the reader sees first. A browser that reports no paints
 * starts at once; a page loaded hidden (a background tab, a prerender) gets no paint to report and
 * starts when loaded. A script that cannot load leaves the page as HTML, which works (ADR 0014).
 * Pictures below the first screen (`img[data-src]`, app/components/ui/LaterImage.tsx) get their
 * `src` at the same moment, so they too share no bandwidth with the first paint (ADR 0016). Its
 * first statement marks `<html class="js">`: where it never ran (script off or blocked), app.css
 * hides those waiting pictures and their `<noscript>` copies, if the browser renders them, show.
 */
export function pageStartScript(src: string, preload: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `document.documentElement.classList.add("js");{let started=false,gone=false;const d=document;
const go=()=>{if(gone)return;gone=true;
for(const i of d.querySelectorAll("img[data-src]")){if(i.dataset.srcset)i.srcset=i.dataset.srcset;i.src=i.dataset.src;i.removeAttribute("data-src");i.removeAttribute("data-srcset")}
for(const h of ${json(preload)}){const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)}
import(${json(src)}).catch(()=>{})};
const lead=()=>{setTimeout(go,3000);
Promise.all([...d.querySelectorAll('img[fetchpriority="high"]')].map(i=>i.complete||new Promise(r=>{i.addEventListener("load",r);i.addEventListener("error",r)})))
.then(()=>d.visibilityState==="hidden"?go():requestAnimationFrame(()=>setTimeout(go)))};
const start=()=>{if(started)return;started=true;d.readyState==="loading"?d.addEventListener("DOMContentLoaded",lead,{once:true}):lead()};
const hidden=()=>{if(d.visibilityState==="hidden")d.readyState==="complete"?start():addEventListener("load",start,{once:true})};
if(typeof PerformanceObserver!=="undefined"&&(PerformanceObserver.supportedEntryTypes||[]).includes("paint")){
new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}}).observe({type:"paint",buffered:true});
hidden();d.addEventListener("visibilitychange",hidden)}else start()}`.replace(/\n/g, "");
}
