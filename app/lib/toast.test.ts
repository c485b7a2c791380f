import { beforeEach, describe, expect, it } from "vitest";
import {
  dismissToast,
  MAX_VISIBLE_TOASTS,
  notify,
  resetToasts,
  subscribeToasts,
  type Toast,
} from "./toast.ts";

describe("toasts", () => {
  let seen: Toast[] = [];
  beforeEach(() => {
    resetToasts();
    subscribeToasts((list) => {
      seen = list;
    });
  });

  it("shows a toast with its kind, title and description", () => {
    notify.success("Message Sent", {
      description: "Thank you for your message. We'll get back to you soon!",
    });
    expect(seen).toEqual([
      {
        id: 1,
        kind: "success",
        title: "Message Sent",
        description: "Thank you for your message. We'll get back to you soon!",
      },
    ]);
  });

  it("keeps at most three, dropping the oldest", () => {
    for (const t of ["a", "b", "c", "d"]) notify.message(t);
    expect(seen.map((t) => t.title)).toEqual(["b", "c", "d"]);
    expect(seen).toHaveLength(MAX_VISIBLE_TOASTS);
  });

  it("dismisses one", () => {
    const id = notify.error("Error", { description: "Failed to generate RSS feed" });
    notify.message("other");
    dismissToast(id);
    expect(seen.map((t) => t.title)).toEqual(["other"]);
  });
});
