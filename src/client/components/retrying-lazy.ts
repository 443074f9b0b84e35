import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component whose failed load is not kept (React.lazy keeps it for good): the
 * render after a failure (an error boundary's retry, a remount) fetches the code again. Read
 * `component` at render.
 */
export function retryingLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { component: ComponentType<Props> } {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          holder.component = make();
          throw error;
        },
      ),
    );
  const holder = { component: make() as ComponentType<Props> };
  return holder;
}
