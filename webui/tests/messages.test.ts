import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

const root = path.resolve(__dirname, "..");

/** A locale's messages: messages/<locale>.json plus any messages/<area>/<locale>.json beside it. */
function messagesOf(locale: string): object[] {
  const folder = path.join(root, "messages");
  const areas = readdirSync(folder).filter((name) => statSync(path.join(folder, name)).isDirectory());
  return [path.join(folder, `${locale}.json`), ...areas.map((area) => path.join(folder, area, `${locale}.json`))]
    .filter((file) => { try { return statSync(file).isFile(); } catch { return false; } })
    .map((file) => JSON.parse(readFileSync(file, "utf8")));
}

const en = messagesOf("en");
const zh = messagesOf("zh-CN");

describe("messages", () => {
  it("has every key in both languages", () => {
    expect(en.flatMap((tree) => keys(tree)).sort()).toEqual(zh.flatMap((tree) => keys(tree)).sort());
  });

  it("has every literal key the components ask for", () => {
    const known = new Set(zh.flatMap((tree) => keys(tree)));
    const missing: string[] = [];
    for (const file of [...sources(path.join(root, "components")), ...sources(path.join(root, "app"))]) {
      const text = readFileSync(file, "utf8");
      // One file may declare the same name in several components, each with its namespace: a key
      // counts as known when it is under any of them.
      const namespaces = new Map<string, string[]>();
      for (const [, variable, namespace] of text.matchAll(/const (\w+) = useTranslations\("([\w.]+)"\)/g)) {
        namespaces.set(variable, [...(namespaces.get(variable) ?? []), namespace]);
      }
      for (const [variable, spaces] of namespaces) {
        for (const [, key] of text.matchAll(new RegExp(`\\b${variable}\\("([\\w.]+)"`, "g"))) {
          if (!spaces.some((namespace) => known.has(`${namespace}.${key}`))) missing.push(`${path.relative(root, file)}: ${spaces.join("|")}.${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
