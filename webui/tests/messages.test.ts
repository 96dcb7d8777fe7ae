import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";

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

describe("messages", () => {
  it("has every key in both languages", () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it("has every literal key the components ask for", () => {
    const known = new Set(keys(zh));
    const missing: string[] = [];
    for (const file of [...sources(path.join(root, "components")), ...sources(path.join(root, "app"))]) {
      const text = readFileSync(file, "utf8");
      for (const [, variable, namespace] of text.matchAll(/const (\w+) = useTranslations\("([\w.]+)"\)/g)) {
        for (const [, key] of text.matchAll(new RegExp(`\\b${variable}\\("([\\w.]+)"`, "g"))) {
          if (!known.has(`${namespace}.${key}`)) missing.push(`${path.relative(root, file)}: ${namespace}.${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
