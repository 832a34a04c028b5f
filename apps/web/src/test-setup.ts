import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // let React's scheduler finish what unmounting queued while the test's window still exists
  // (otherwise it may run after the environment is torn down: "window is not defined")
  await new Promise((resolve) => setTimeout(resolve, 0));
});
