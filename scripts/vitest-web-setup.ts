import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Designsystemet's Spinner keeps its animation in step through document.getAnimations(), which jsdom
// lacks: without this, any screen whose loader shows (after 200 ms on a slow run) would crash.
if (typeof document !== 'undefined' && typeof document.getAnimations !== 'function') document.getAnimations = () => [];

// jsdom has <dialog> but not its modal methods (Designsystemet's Dialog, the date field's calendar).
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// CI runs these suites on a loaded two-core machine (and again on Node 24): testing-library's default
// 1 s for findBy/waitFor was seen to run out there while the screen was still on its way. A longer wait
// costs nothing when the screen arrives in time, and a real failure still fails.
configure({ asyncUtilTimeout: 8000 });

afterEach(cleanup);
