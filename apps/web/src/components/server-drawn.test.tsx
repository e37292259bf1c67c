import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerDrawn } from './server-drawn';

type Item = { id: number; name: string };

/** Counts its renders: a part kept as the server drew it renders none of its items. */
const renders: number[] = [];
function Card({ item }: { item: Item }) {
  renders.push(item.id);
  return (
    <Link to={`/titles/${item.id}`} data-testid="card">
      <img src={`/art/${item.id}.png`} alt="" />
      {item.name}
    </Link>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const NEXT: Item[] = [{ id: 3, name: 'سه' }];
function Page({ initial }: { initial: Item[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <Where />
      <button type="button" data-testid="next" onClick={() => setItems(NEXT)}>
        بعدی
      </button>
      <ServerDrawn deps={[items]} className="grid" aria-label="فهرست">
        {items.map((item) => (
          <li key={item.id}>
            <Card item={item} />
          </li>
        ))}
      </ServerDrawn>
    </>
  );
}

const app = (items: Item[]) => (
  <MemoryRouter initialEntries={['/']}>
    <Page initial={items} />
  </MemoryRouter>
);

const ITEMS: Item[] = [
  { id: 1, name: 'یک' },
  { id: 2, name: 'دو' },
];

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  renders.length = 0;
});

/** The page as the server sent it, taken over by React. */
async function hydrated(items: Item[]) {
  container = document.createElement('div');
  container.innerHTML = renderToString(app(items));
  document.body.append(container);
  renders.length = 0;
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, app(items), { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  return container;
}

describe('ServerDrawn', () => {
  it('keeps the part the server drew, element for element, without rendering its items', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(app(ITEMS));
    const drawn = [...container.querySelectorAll('li')];
    document.body.append(container);
    renders.length = 0;
    await act(async () => {
      root = hydrateRoot(container, app(ITEMS));
    });
    expect(renders).toEqual([]);
    expect([...container.querySelectorAll('li')]).toEqual(drawn);
    const list = container.querySelector('ul')!;
    expect(list.className).toBe('grid');
    expect(list.getAttribute('aria-label')).toBe('فهرست');
  });

  it('opens a kept link inside the app, and leaves modified clicks to the browser', async () => {
    const page = await hydrated(ITEMS);
    const cards = page.querySelectorAll<HTMLAnchorElement>('[data-testid="card"]');
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(async () => {
      cards[0]!.dispatchEvent(withCtrl);
    });
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(page.querySelector('[data-testid="where"]')!.textContent).toBe('/');

    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      cards[1]!.querySelector('img')!.dispatchEvent(plain);
    });
    expect(plain.defaultPrevented).toBe(true);
    expect(page.querySelector('[data-testid="where"]')!.textContent).toBe('/titles/2');
  });

  it('is drawn by React once its content changes', async () => {
    const page = await hydrated(ITEMS);
    await act(async () => {
      page.querySelector<HTMLButtonElement>('[data-testid="next"]')!.click();
    });
    expect(renders).toEqual([3]);
    expect([...page.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['سه']);
    // React's own links now: a click still stays inside the app.
    await act(async () => {
      page.querySelector<HTMLAnchorElement>('[data-testid="card"]')!.click();
    });
    expect(page.querySelector('[data-testid="where"]')!.textContent).toBe('/titles/3');
  });

  it('shows the default artwork for a kept image that fails, and nothing if that fails too', async () => {
    const page = await hydrated(ITEMS);
    const img = page.querySelector('img')!;
    await act(async () => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img.dataset.fallback).toBe('true');
    expect(img.getAttribute('src')).toMatch(/\/api\/artwork\/fallback\.svg$/);
    await act(async () => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img.isConnected).toBe(false);
  });

  it('renders its items at once when the browser draws the page itself', async () => {
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(app(ITEMS));
    });
    expect(renders).toEqual([1, 2]);
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });
});
