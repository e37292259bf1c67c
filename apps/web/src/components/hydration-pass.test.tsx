import { act, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrationPass } from './hydration-pass';

/**
 * Records when its effects ran. A marker queued from them lands after every effect of the same
 * commit (they run in one go) and before those of a later pass.
 */
function Part({ name, log }: { name: string; log: string[] }) {
  useEffect(() => {
    log.push(name);
    queueMicrotask(() => log.push(`after ${name}`));
  }, [log, name]);
  return <li data-part={name}>{name}</li>;
}

function Page({ log }: { log: string[] }) {
  return (
    <ul>
      <Part name="header" log={log} />
      <HydrationPass>
        <Part name="screen" log={log} />
        <HydrationPass>
          <Part name="grid" log={log} />
        </HydrationPass>
      </HydrationPass>
    </ul>
  );
}

describe('HydrationPass', () => {
  it('takes the server markup over in successive passes, outer part first, reusing every element', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page log={[]} />);
    document.body.append(container);
    const drawn = [...container.querySelectorAll('li')];
    expect(drawn.map((li) => li.dataset.part)).toEqual(['header', 'screen', 'grid']);

    const log: string[] = [];
    const errors: unknown[] = [];
    // Real scheduling, not act(): act runs every pass in one synchronous flush.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() => {
        hydrateRoot(container, <Page log={log} />, { onRecoverableError: (e) => errors.push(e) });
      });
      await vi.waitFor(() => expect(log).toContain('after grid'));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    }
    expect(errors).toEqual([]);
    // Each pass ran its effects after the one around it had committed and finished.
    expect(log).toEqual(['header', 'after header', 'screen', 'after screen', 'grid', 'after grid']);
    // Nothing was drawn again: the browser's elements are the server's.
    expect([...container.querySelectorAll('li')]).toEqual(drawn);
    container.remove();
  });

  it('draws its content in the same commit on a page the browser renders itself', async () => {
    const container = document.createElement('div');
    const log: string[] = [];
    await act(async () => {
      createRoot(container).render(<Page log={log} />);
    });
    expect([...container.querySelectorAll('li')].map((li) => li.dataset.part)).toEqual(['header', 'screen', 'grid']);
    expect(log).toEqual(['header', 'screen', 'grid', 'after header', 'after screen', 'after grid']);
  });
});
