// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { restoreTyped, typedFields } from "./typed-fields.ts";

describe("what a reader typed before an island hydrated", () => {
  it("is taken before hydration and given back after it, with the event the component hears", () => {
    document.body.innerHTML = `
      <form>
        <input id="name" name="name" value="">
        <input id="email" name="email" value="kept@example.com">
        <textarea id="message" name="message"></textarea>
        <select id="category" name="category"><option value="">Choose</option><option value="feedback">Feedback</option></select>
        <input id="box" type="checkbox">
      </form>`;
    const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
    byId<HTMLInputElement>("name").value = "Ada";
    byId<HTMLTextAreaElement>("message").value = "Typed while the script loaded";
    byId<HTMLSelectElement>("category").value = "feedback";
    byId<HTMLInputElement>("box").checked = true;

    const typed = typedFields(document);
    expect(typed.map(([field]) => field.id)).toEqual(["name", "message", "category"]);

    // Hydration puts the server's values back.
    byId<HTMLInputElement>("name").value = "";
    byId<HTMLTextAreaElement>("message").value = "";
    byId<HTMLSelectElement>("category").value = "";
    const heard: string[] = [];
    document.addEventListener("input", (e) => heard.push(`input ${(e.target as HTMLElement).id}`));
    document.addEventListener("change", (e) => heard.push(`change ${(e.target as HTMLElement).id}`));

    restoreTyped(typed);
    expect(byId<HTMLInputElement>("name").value).toBe("Ada");
    expect(byId<HTMLTextAreaElement>("message").value).toBe("Typed while the script loaded");
    expect(byId<HTMLSelectElement>("category").value).toBe("feedback");
    expect(byId<HTMLInputElement>("email").value).toBe("kept@example.com");
    expect(heard).toEqual(["input name", "input message", "change category"]);
  });

  it("tells the component about a field whose screen kept the value (its state did not)", () => {
    document.body.innerHTML = `<input id="q" value="">`;
    const q = document.getElementById("q") as HTMLInputElement;
    q.value = "charging";
    const typed = typedFields(document);
    const heard: string[] = [];
    q.addEventListener("input", () => heard.push(q.value));
    restoreTyped(typed);
    expect(q.value).toBe("charging");
    expect(heard).toEqual(["charging"]);
  });

  it("takes nothing from a form as the server rendered it", () => {
    // (A <select> as rendered is left out: happy-dom gives a parsed one no selectedIndex.)
    document.body.innerHTML = `<input value="server"><textarea>server</textarea><input type="checkbox" checked>`;
    expect(typedFields(document)).toEqual([]);
  });
});
