/**
 * Suggestions while typing (issue 12, decision 0046) on the search fields whose search type is
 * partial: the server marks them with `data-suggest` (the site's JSON endpoint for the field).
 * The ARIA 1.2 combobox pattern with a listbox: ArrowDown/ArrowUp move through the suggestions,
 * Enter takes one, Escape closes the list; a key-code suggestion opens its product, an attribute
 * value fills the field. Plain DOM, no framework. Without this script the field is an ordinary
 * text box of a GET form, so nothing depends on it.
 */

/** What the endpoint answers: the values, a key code's with the URL of its product. */
export interface Suggestion {
  value: string;
  url?: string;
}

const MIN_CHARACTERS = 2;
const DELAY_MS = 150;

function enhance(input: HTMLInputElement, n: number) {
  const endpoint = input.dataset.suggest;
  if (!endpoint) return;
  const listId = `${input.id || `suggest-${n}`}-suggestions`;
  const list = document.createElement('ul');
  list.id = listId;
  list.className = 'suggestions';
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  const label = input.labels?.[0];
  if (label) {
    label.id ||= `${listId}-label`;
    list.setAttribute('aria-labelledby', label.id);
  }
  // says how many suggestions there are to screen readers, which do not announce a listbox's appearance
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  input.parentElement?.classList.add('combobox');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  input.after(list, status);

  let items: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const options = () => Array.from(list.children) as HTMLElement[];

  function close() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
    for (const o of options()) o.setAttribute('aria-selected', 'false');
  }

  function open() {
    if (items.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function move(to: number) {
    const all = options();
    if (all.length === 0) return;
    active = (to + all.length) % all.length;
    all.forEach((o, i) => {
      o.setAttribute('aria-selected', i === active ? 'true' : 'false');
    });
    input.setAttribute('aria-activedescendant', all[active].id);
    all[active].scrollIntoView?.({ block: 'nearest' });
  }

  function choose(i: number) {
    const s = items[i];
    if (!s) return;
    input.value = s.value;
    close();
    if (s.url) window.location.assign(s.url);
  }

  function show(found: Suggestion[]) {
    items = found;
    active = -1;
    input.removeAttribute('aria-activedescendant');
    list.replaceChildren(
      ...found.map((s, i) => {
        const li = document.createElement('li');
        li.id = `${listId}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.textContent = s.value;
        // keeps the focus in the field while the pointer takes an option
        li.addEventListener('pointerdown', (e) => e.preventDefault());
        li.addEventListener('click', () => choose(i));
        return li;
      }),
    );
    status.textContent = (input.dataset.suggestCount ?? '{{count}}').replace('{{count}}', String(found.length));
    if (found.length > 0 && document.activeElement === input) open();
    else close();
  }

  async function load(q: string) {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const url = new URL(endpoint as string, window.location.href);
      url.searchParams.set('q', q);
      const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (!res.ok) return show([]);
      const body = (await res.json()) as { suggestions?: Suggestion[] };
      if (controller.signal.aborted || input.value.trim() !== q) return;
      show(Array.isArray(body.suggestions) ? body.suggestions : []);
    } catch {
      // offline or aborted: the form still works as it is
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < MIN_CHARACTERS) {
      pending?.abort();
      show([]);
      return;
    }
    timer = setTimeout(() => load(q), DELAY_MS);
  });

  input.addEventListener('keydown', (e) => {
    const expanded = !list.hidden;
    switch (e.key) {
      case 'ArrowDown':
        if (items.length === 0) return;
        e.preventDefault();
        if (!expanded) open();
        // Alt+ArrowDown only opens the list
        if (!e.altKey) move(active + 1);
        break;
      case 'ArrowUp':
        if (items.length === 0) return;
        e.preventDefault();
        if (!expanded) open();
        move(active <= 0 ? items.length - 1 : active - 1);
        break;
      case 'Enter':
        if (expanded && active >= 0) {
          e.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          close();
        }
        break;
    }
  });

  input.addEventListener('blur', close);
}

document.querySelectorAll<HTMLInputElement>('input[data-suggest]').forEach((input, n) => {
  enhance(input, n);
});
