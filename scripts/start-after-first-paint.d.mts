import type { Plugin, Rollup } from 'vite';

/** Both SPAs' build: the entry script starts after the first paint (decision 022). */
export function startAfterFirstPaint(options?: { withEntry?: string[] }): Plugin;
export function heldModulePreload(href: string, extra?: string): string;
export function withEntryPreloads(bundle: Rollup.OutputBundle, modules: string[], base: string, html: string): string[];
