import type { Plugin } from 'vite';

/**
 * Which files the SPA's code is cut into. Left to itself the bundler makes one file per set of
 * screens that share a module: dozens of a few hundred bytes, and a browser on HTTP/1.1 (as
 * `npm start` serves) fetches six at a time, so a screen of twenty files waits several round
 * trips. vite.config.ts groups them (a group takes its modules' imports along, unless a group
 * of higher priority has them); this plugin reads the module graph the groups are tested on.
 */
const FRAME_ROOTS = /src\/features\/(shell\/AppShell|dashboard\/DashboardScreen)\.tsx$/;
/** The frame's two screens' own modules and the chart's styles: in their own files. */
const FRAME_OWN = /src\/features\/(shell\/AppShell\.tsx|dashboard\/(?!dashboardApi))|\.css$/;
/** Pages for people not signed in (Login and Register too, which the first script has). */
const PUBLIC_ROOTS = /src\/features\/auth\/\w+Screen\.tsx$/;

type ImportsOf = (id: string) => readonly string[];

/** Adds `roots` and everything they import statically to `into`; `check` sees each module. */
function walk(
  roots: string[],
  importsOf: ImportsOf,
  into: Set<string>,
  check?: (id: string, imports: readonly string[]) => void,
) {
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    const imports = importsOf(id);
    check?.(id, imports);
    stack.push(...imports);
  }
}

export function chunkGraph() {
  const frame = new Set<string>();
  const publicPages = new Set<string>();
  const lazy = new Set<string>();
  const plugin: Plugin = {
    name: 'chunk-graph',
    apply: 'build',
    buildEnd(error) {
      for (const set of [frame, publicPages, lazy]) set.clear();
      if (error) return; // a failed build's graph is partial: its own error says why
      const ids = [...this.getModuleIds()];
      const importsOf: ImportsOf = (id) => this.getModuleInfo(id)?.importedIds ?? [];
      // Loaded on its own somewhere (react-toastify too, which toast.ts imports on first use).
      for (const id of ids) if (this.getModuleInfo(id)?.dynamicImporters.length) lazy.add(id);
      walk(
        ids.filter((id) => PUBLIC_ROOTS.test(id)),
        importsOf,
        publicPages,
      );
      walk(
        ids.filter((id) => FRAME_ROOTS.test(id)),
        importsOf,
        frame,
        (id, imports) => {
          // The group takes a module's imports along: a screen's own module (or styles)
          // imported from shared code would load with every signed-in page.
          const own = FRAME_OWN.test(id) ? undefined : imports.find((dep) => FRAME_OWN.test(dep));
          if (own) this.error(`${id} imports ${own}, which would then be in the frame's file`);
        },
      );
    },
  };
  return {
    plugin,
    /** The signed-in frame and the dashboard, and what they import, but for their own. */
    inFrame: (id: string) => frame.has(id) && !FRAME_OWN.test(id),
    /** What the public pages import (but the pages themselves, which load on their own). */
    inPublicPages: (id: string) => publicPages.has(id) && !lazy.has(id),
    /** Shared code the signed-in screens may take: neither a page of its own nor a public page's. */
    forScreens: (id: string) => !lazy.has(id) && !publicPages.has(id),
  };
}
