import type { Plugin } from 'vite';

/** Both SPAs' build: the entry script starts after the first paint (decision 022). */
export function startAfterFirstPaint(): Plugin;
