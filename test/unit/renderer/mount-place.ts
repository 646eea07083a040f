// Where a component test mounts its component: a fresh element in the page before each test
// (styled as the test asks, e.g. a size the list lays out in), and after it the component
// unmounted and the element removed. Call once per test file.
// Vitest runs afterEach hooks last-registered first, so hooks a file registers before this call
// wrap it: their beforeEach runs before the element is made, their afterEach after the component
// is unmounted. A file resetting shared state registers that first, so no mounted component
// reacts to the reset.
import { afterEach, beforeEach } from 'vitest';
import { unmount, type mount } from 'svelte';

export interface MountPlace {
  /** The element of the current test. */
  readonly target: HTMLElement;
  /** What the test mounted there (unmounted after the test). */
  component: ReturnType<typeof mount> | null;
}

export function mountPlace(style = ''): MountPlace {
  let current: HTMLElement | null = null;
  const place: MountPlace = {
    get target() {
      if (current === null) throw new Error('mountPlace: the target exists during a test only');
      return current;
    },
    component: null,
  };
  beforeEach(() => {
    current = document.createElement('div');
    current.style.cssText = style;
    document.body.append(current);
  });
  afterEach(() => {
    if (place.component) unmount(place.component);
    place.component = null;
    current?.remove();
    current = null;
  });
  return place;
}
