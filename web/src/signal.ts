// A value that components re-render on: the few pieces of state the whole app shares (language, route).
import { useEffect, useState } from 'preact/hooks';

export interface Signal<T> {
  value: T;
  subscribe(listener: (value: T) => void): () => void;
}

export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return current;
    },
    set value(next: T) {
      if (next === current) return;
      current = next;
      for (const l of listeners) l(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Re-render the calling component when the signal changes; answers its value. */
export function useSignal<T>(s: Signal<T>): T {
  const [, setValue] = useState(s.value);
  useEffect(() => s.subscribe(setValue), [s]);
  return s.value;
}
