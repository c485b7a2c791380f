/**
 * Host name → publication, for every request: one Map lookup for an exact name, then one per label
 * for wildcards ("*.network.example" serves every name below network.example, the longest
 * wildcard winning). Nothing scans the publications, so 3,000 of them cost what one does.
 */
export type HostMap<T> = {
  /** The value for a Host header's value (port, case and a trailing dot ignored), if any. */
  resolve(host: string | undefined): T | undefined;
};

/** A Host header's name: lower case, without port, brackets or trailing dot. */
export function hostName(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[")) name = name.slice(0, name.indexOf("]") + 1);
  else {
    const colon = name.lastIndexOf(":");
    if (colon !== -1) name = name.slice(0, colon);
  }
  return name.replace(/\.$/, "");
}

/** `entries`: each value with its hosts (normalised: lower case, no port; "*." for wildcards). */
export function createHostMap<T>(entries: Iterable<readonly [readonly string[], T]>): HostMap<T> {
  const exact = new Map<string, T>();
  const wildcards = new Map<string, T>();
  for (const [hosts, value] of entries) {
    for (const host of hosts) {
      if (host.startsWith("*.")) wildcards.set(host.slice(2), value);
      else exact.set(host, value);
    }
  }
  return {
    resolve(host) {
      if (!host) return undefined;
      const name = hostName(host);
      const found = exact.get(name);
      if (found !== undefined || wildcards.size === 0) return found;
      // Longest suffix first: a.b.network.example tries b.network.example, then network.example.
      for (let dot = name.indexOf("."); dot !== -1; dot = name.indexOf(".", dot + 1)) {
        const value = wildcards.get(name.slice(dot + 1));
        if (value !== undefined) return value;
      }
      return undefined;
    },
  };
}
