// The gallery: collections as a segmented control, a grid of thumbnails loaded page by page
// as the user scrolls, and the address holding the view (collection and list's filters), so
// that a view is a link. Every text from the library goes in with textContent, never as HTML.
// The page follows the catalog through the server's event stream (/api/events): an edit in
// another browser or a terminal redraws what is loaded. For the keyboard, the collections and
// the grid are each one stop of the Tab order (the arrows move within them).
'use strict';

const photolib = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const address = new URLSearchParams(location.search);
  address.delete('token');
  const state = {
    session: null, sessionRead: null, collection: address.get('collection') || '', next: null, loading: false,
    assets: [], version: null, chosen: [], done: false, focusIndex: 0, latest: null, refreshing: false,
    retry: null, firstScreen: 0,
  };
  address.delete('collection');

  async function request(path, options) {
    const response = await fetch(path, Object.assign({ credentials: 'same-origin' }, options));
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  }
  const get = (path) => request(path);
  // What the server wrote into the page (GalleryAPI+FirstScreen): the session and the first
  // page of the address's view, as JSON data blocks; null where it wrote none (the page then
  // asks, as for every later page). Each is read once: later loads ask the server.
  function written(id) {
    const block = document.getElementById(id);
    if (!block) return null;
    block.remove();
    try { return JSON.parse(block.textContent); } catch (error) { return null; }
  }
  const post = (path) => request(path, { method: 'POST', headers: { 'X-CSRF-Token': csrf } });

  function element(tag, properties, children) {
    const node = set(document.createElement(tag), properties);
    for (const child of children || []) node.append(child);
    return node;
  }
  function set(node, properties) {
    for (const [key, value] of Object.entries(properties || {})) {
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else if (key.startsWith('aria-') || key === 'role' || key.startsWith('data-')) node.setAttribute(key, value);
      else node[key] = value;
    }
    return node;
  }

  const name = (asset) => asset.caption || asset.fileName || asset.relativePath || asset.id;
  // What toLocaleString() writes, from one formatter: toLocaleString() makes a new one each
  // call, which cost the first screen's 120 cells (two labels each) most of their making.
  // Made on first use, not as the script loads: the first one loads the locale's data (50 to
  // 80 ms in a fresh browser), which held the first paint back.
  let dateFormat = null;
  function when(asset) {
    if (!asset.takenAt) return 'undated';
    const date = new Date(asset.takenAt);
    if (isNaN(date)) return asset.takenAt;
    dateFormat = dateFormat || new Intl.DateTimeFormat(undefined, {
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    return dateFormat.format(date);
  }
  const label = (asset) => [name(asset), asset.city, when(asset)].filter(Boolean).join(', ');
  // A video's or Live Photo's length as a player shows it (0:42, 1:02:03), for its badge.
  const clock = (seconds) => {
    const whole = Math.max(1, Math.round(seconds));
    const two = (n) => (n < 10 ? '0' : '') + n;
    const hours = Math.floor(whole / 3600);
    const minutes = Math.floor(whole / 60) % 60;
    return (hours ? hours + ':' + two(minutes) : String(minutes)) + ':' + two(whole % 60);
  };
  const thumbnail = (asset) => '/thumbnail/' + asset.id + '?v=' + encodeURIComponent(asset.contentHash || '');
  const preview = (asset) => '/preview/' + asset.id + '?v=' + encodeURIComponent(asset.contentHash || '');

  function status(text) { document.getElementById('status').textContent = text; }

  function query(extra) {
    const params = new URLSearchParams(address);
    if (state.collection) params.set('collection', state.collection);
    for (const [key, value] of Object.entries(extra || {})) params.set(key, value);
    return params.toString();
  }

  async function loadCollections() {
    const answer = await get('/api/collections');
    state.version = answer.version;
    const bar = document.getElementById('collections');
    bar.replaceChildren();
    const shown = answer.collections.filter((c) => c.count > 0 || c.selector === 'all');
    for (const collection of shown) {
      const selected = (state.collection || 'all') === collection.selector;
      const tab = element('button', {
        type: 'button', role: 'tab', 'aria-selected': String(selected), class: 'tab',
        'aria-controls': 'grid', 'data-selector': collection.selector, tabIndex: selected ? 0 : -1,
        'aria-label': collection.title + ', ' + collection.count,
      }, [element('span', { text: collection.title }), element('span', { class: 'count', 'aria-hidden': 'true', text: String(collection.count) })]);
      tab.addEventListener('click', () => selectCollection(collection.selector));
      bar.append(tab);
    }
  }

  // The tabs are one stop of the Tab order: arrows, Home and End move between them.
  function tabKeys(event) {
    const tabs = [...document.querySelectorAll('#collections .tab')];
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = tabs[(to + tabs.length) % tabs.length];
    for (const tab of tabs) tab.tabIndex = tab === target ? 0 : -1;
    target.focus();
  }

  async function selectCollection(selector) {
    state.collection = selector === 'all' ? '' : selector;
    history.replaceState(null, '', '?' + query());
    await loadCollections();
    const tab = document.querySelector('.tab[data-selector="' + selector + '"]');
    if (tab) tab.focus();
    await reload();
  }

  function cell(asset, index) {
    // The first screen's thumbnails are asked for as their cells are made; the others when
    // scrolled near. A lazy image is asked for only once a layout has placed it, which held
    // the whole first screen back.
    // The first page's cells came in the HTML (GalleryAPI+FirstScreen), their thumbnails
    // perhaps painted already: each is completed where it is, never moved or made again (a
    // moved image is laid out, decoded and painted anew).
    const written = state.writtenCells && state.writtenCells.get(asset.id);
    if (written) state.writtenCells.delete(asset.id);
    const first = index < state.firstScreen;
    let image = written && written.querySelector('img');
    if (image) image.alt = label(asset);
    else {
      image = element('img', {
        loading: first ? 'eager' : 'lazy', fetchPriority: first ? 'high' : 'auto', decoding: 'async',
        src: thumbnail(asset), alt: label(asset), draggable: false, 'aria-hidden': 'true',
      });
      image.setAttribute('elementtiming', 'thumbnail');
    }
    const kind = asset.kind === 'video' ? 'Video: ' : '';
    const button = set(written || element('button', { type: 'button', class: 'cell' }), {
      'aria-label': kind + label(asset) + (asset.favourite ? ', favourite' : ''),
      'aria-haspopup': 'dialog', 'data-id': asset.id, 'data-index': String(index),
      tabIndex: index === state.focusIndex ? 0 : -1,
    });
    if (!image.parentElement) button.append(image);
    button.addEventListener('focus', () => moveFocusStop(index));
    if (asset.favourite) button.append(element('span', { class: 'badge', 'aria-hidden': 'true', text: '♥' }));
    if (asset.kind && asset.kind !== 'photo' && typeof asset.duration === 'number') {
      button.append(element('span', { class: 'duration', text: '▶ ' + clock(asset.duration) }));
    }
    if (state.chosen.includes(asset.id)) button.classList.add('chosen');
    window.photolibPeek.attach(button, () => state.assets[index], index);
    return written ? written.parentElement : element('li', {}, [button]);
  }

  // The grid's one Tab stop follows the focus.
  function moveFocusStop(index) {
    if (index === state.focusIndex) return;
    const old = document.querySelector('.cell[data-index="' + state.focusIndex + '"]');
    if (old) old.tabIndex = -1;
    state.focusIndex = index;
    const now = document.querySelector('.cell[data-index="' + index + '"]');
    if (now) now.tabIndex = 0;
  }

  async function reload() {
    state.assets = [];
    state.next = null;
    state.focusIndex = 0;
    // The HTML's cells stay for the first page to complete them.
    if (!state.writtenCells) document.getElementById('grid').replaceChildren();
    await loadPage(true);
  }

  async function loadPage(first) {
    if (state.loading || (!first && !state.next)) return;
    state.loading = true;
    try {
      const inline = first ? written('first-page') : null;
      const answer = inline || await get('/api/assets?' + query(first ? { limit: 120 } : { after: state.next, limit: 120 }));
      await state.sessionRead; // asked for at the same time: what a tap does depends on it
      const grid = document.getElementById('grid');
      for (const asset of answer.assets) {
        state.assets.push(asset);
        const made = cell(asset, state.assets.length - 1);
        if (!made.isConnected) grid.append(made);
      }
      state.next = answer.next;
      // The HTML's cells that this page did not have (none, unless the view changed).
      for (const left of (state.writtenCells || new Map()).values()) left.parentElement.remove();
      state.writtenCells = null;
      if (first) {
        performance.mark('photolib-grid-drawn'); // for bench/serve-first-screen.py's phases
        count();
      }
    } catch (error) {
      status(error.message);
    } finally {
      state.loading = false;
    }
  }

  // How many photos the view holds, in the status line: asked for beside the first page,
  // never before it (counting reads the whole view).
  async function count() {
    const asked = query();
    try {
      const answer = await get('/api/count?' + asked);
      if (asked === query()) status(answer.total === 1 ? '1 photo' : answer.total + ' photos');
    } catch (error) {
      status(error.message);
    }
  }

  // A changed asset (an action here or elsewhere) is drawn again in place.
  function replace(asset) {
    const index = state.assets.findIndex((a) => a.id === asset.id);
    if (index < 0) return;
    state.assets[index] = asset;
    const old = document.querySelector('.cell[data-index="' + index + '"]');
    if (!old) return;
    const focused = document.activeElement === old;
    const made = cell(asset, index);
    old.parentElement.replaceWith(made);
    if (focused) made.firstChild.focus();
  }

  // The catalog changed (here or in another program): counts and the loaded assets are
  // read again, as many as were loaded.
  async function refresh() {
    const loaded = Math.max(120, state.assets.length);
    await loadCollections();
    const page = await get('/api/assets?' + query({ limit: Math.min(500, loaded) }));
    // Where the focus is now, not where it was before the reads: meanwhile the person may
    // have moved to another photo (and opened its peek), which must not jump back.
    const focusedId = document.activeElement && document.activeElement.classList.contains('cell')
      ? document.activeElement.dataset.id : null;
    const tabFocused = document.activeElement && document.activeElement.classList.contains('tab');
    state.assets = [];
    const grid = document.getElementById('grid');
    const stop = focusedId ? page.assets.findIndex((a) => a.id === focusedId) : -1;
    state.focusIndex = stop >= 0 ? stop : Math.min(state.focusIndex, Math.max(0, page.assets.length - 1));
    grid.replaceChildren();
    for (const asset of page.assets) { state.assets.push(asset); grid.append(cell(asset, state.assets.length - 1)); }
    state.next = page.next;
    count();
    // The focus stays on the photo it was on (or where it was), not lost with the old cells.
    if (focusedId) {
      const again = document.querySelector('.cell[data-index="' + state.focusIndex + '"]');
      if (again) again.focus();
    } else if (tabFocused) {
      const tab = document.querySelector('.tab[aria-selected="true"]');
      if (tab) tab.focus();
    }
  }

  // The server says the catalog's version (on connecting, then on every change). A change
  // while a peek or the detail view is open waits for it to close: the grid under it stays.
  async function changed(version) {
    state.latest = version;
    if (state.version === version) return;
    if (state.refreshing || window.photolibPeek.isOpen()) {
      if (!state.retry) state.retry = setTimeout(() => { state.retry = null; changed(state.latest); }, 400);
      return;
    }
    state.refreshing = true;
    try {
      state.version = version;
      await refresh();
    } catch (error) {
      state.version = null; // read again on the next message
    } finally {
      state.refreshing = false;
    }
  }

  // EventSource reconnects by itself (after the 2 s the server asks for) when the line drops.
  function listen() {
    const source = new EventSource('/api/events');
    source.addEventListener('version', (event) => changed(event.data));
    state.events = source;
  }

  function columns() {
    const cells = document.querySelectorAll('.cell');
    if (cells.length < 2) return 1;
    const top = cells[0].getBoundingClientRect().top;
    let count = 0;
    for (const c of cells) { if (c.getBoundingClientRect().top !== top) break; count++; }
    return Math.max(1, count);
  }

  // Arrow keys move the focus over the grid; the peek and detail views take their own keys.
  function gridKeys(event) {
    const focused = document.activeElement;
    if (!focused || !focused.classList.contains('cell') || window.photolibPeek.isOpen()) return;
    const index = Number(focused.dataset.index);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns() }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const target = document.querySelector('.cell[data-index="' + (index + step) + '"]');
    if (target) target.focus();
    if (index + step >= state.assets.length - 20) loadPage(false);
  }

  // Home and End in the grid: the first photo, the last one loaded.
  function gridEnds(event) {
    const focused = document.activeElement;
    if (!focused || !focused.classList.contains('cell') || window.photolibPeek.isOpen()) return;
    const to = { Home: 0, End: state.assets.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = document.querySelector('.cell[data-index="' + to + '"]');
    if (target) target.focus();
  }

  function updatePickBar() {
    const bar = document.getElementById('pickbar');
    if (state.session.pick !== 'multiple') return;
    bar.hidden = false;
    document.getElementById('pickcount').textContent = state.chosen.length + ' chosen';
    document.getElementById('pickdone').disabled = state.chosen.length === 0;
  }

  async function choose(ids) {
    if (state.done) return;
    await post('/api/pick?' + ids.map((id) => 'id=' + encodeURIComponent(id)).join('&'));
    state.done = true;
    document.body.classList.add('done');
    status('Chosen: you can close this page.');
  }

  function toggleChosen(asset) {
    const at = state.chosen.indexOf(asset.id);
    if (at >= 0) state.chosen.splice(at, 1); else state.chosen.push(asset.id);
    const button = document.querySelector('.cell[data-id="' + asset.id + '"]');
    if (button) button.classList.toggle('chosen', at < 0);
    updatePickBar();
  }

  // About how many cells the window shows (cells are squares of at least --cell pixels).
  function firstScreen() {
    const side = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--cell')) || 100;
    return Math.ceil(innerWidth / side) * Math.ceil(innerHeight / side);
  }

  async function start() {
    // The session and the first page are asked for at once; the collections' counts and the
    // view's total once the page is here (the server answers one catalog request at a time,
    // and counting reads many rows): the first screen waits for the page alone.
    state.firstScreen = firstScreen();
    state.writtenCells = new Map([...document.querySelectorAll('#grid .cell')].map((c) => [c.dataset.id, c]));
    const session = written('session');
    state.sessionRead = session ? Promise.resolve(session) : get('/api/session');
    const first = reload();
    const counts = first.then(loadCollections);
    state.session = await state.sessionRead;
    document.getElementById('title').textContent = state.session.library || 'photolib';
    document.title = (state.session.pick ? 'Choose a photo: ' : '') + (state.session.library || 'photolib');
    document.body.classList.toggle('picking', Boolean(state.session.pick));
    document.getElementById('pickdone').addEventListener('click', () => choose(state.chosen));
    updatePickBar();
    document.addEventListener('keydown', gridKeys);
    document.addEventListener('keydown', gridEnds);
    document.getElementById('collections').addEventListener('keydown', tabKeys);
    // The next page once the first screen's thumbnails are in (the window's load event, or a
    // second at most): asked for at once, its cells and thumbnails took the main thread and
    // the connections from the first screen.
    const more = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadPage(false);
    }, { rootMargin: '800px' });
    const watchMore = () => more.observe(document.getElementById('more'));
    if (document.readyState === 'complete') watchMore();
    else {
      const soon = setTimeout(watchMore, 1000);
      addEventListener('load', () => { clearTimeout(soon); watchMore(); }, { once: true });
    }
    await Promise.all([counts, first]);
    listen();
  }

  return {
    state, get, post, element, label, name, when, preview, clock, replace, refresh, changed, choose, toggleChosen, start,
    status,
  };
})();

// Once the first screen is painted: the HTML's own cells and their thumbnails
// (GalleryAPI+FirstScreen) are drawn first, and the script completes the cells after the
// window's load event (every thumbnail the HTML asked for in; at most a second after the page
// is read). Making 120 cells takes the main thread for 50 to 70 ms, which held back the paint
// of the thumbnails that came in meanwhile. Without cells in the HTML it starts at once.
document.addEventListener('DOMContentLoaded', () => {
  let started = false;
  const start = () => { if (!started) { started = true; photolib.start(); } };
  if (!document.querySelector('#grid .cell') || document.readyState === 'complete') { start(); return; }
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
  setTimeout(start, 1000);
});
