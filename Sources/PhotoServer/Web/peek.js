// Peek and pop. A press and hold (500 ms), Force Touch where the browser reports pressure,
// a right click, or Space on a focused photo opens the peek: the preview over the blurred
// page, with its caption, place and date; swiping up (or the up arrow) shows its actions,
// exactly those `photolib peek --json` lists. Letting go of a hold without choosing closes
// it. A tap, pressing deeper, tapping the peek or Enter pops: the detail view, or in a chooser
// the photo handed back to the program that asked. In the detail view the original is shown
// in place on demand (Zoom, Z, or a click on the picture, at the point clicked), and a video
// plays from the original in byte ranges. While a peek, a question or the detail view is
// open the page behind it is inert: the focus and a screen reader stay in the dialog.
'use strict';

window.photolibPeek = (() => {
  const holdMilliseconds = 500;
  const swipeUpPixels = 40;
  let peek = null; // { asset, index, held, revealed }
  let detailIndex = null;
  let lastFocus = null;

  const $ = (id) => document.getElementById(id);
  const isOpen = () => peek !== null || detailIndex !== null || !$('confirm').hidden;
  // Formats a browser shows itself: the others zoom into the preview, with a note.
  const shownByBrowsers = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/bmp']);

  function background(inert) {
    for (const selector of ['header', 'main', '#pickbar', '#skip']) {
      const node = document.querySelector(selector);
      if (node) node.inert = inert;
    }
  }

  function attach(button, assetAt, index) {
    let timer = null;
    let startY = 0;
    let pressed = false;
    const cancelHold = () => { if (timer) { clearTimeout(timer); timer = null; } };
    // While pressed, the pointer is followed on the whole document: once the peek covers the
    // page, the moves and the release land on it, not on the cell.
    const moved = (event) => {
      if (!pressed) return;
      // Pen and touch screens that report pressure: pressing harder peeks, then pops.
      if (event.pointerType !== 'mouse' && event.pressure >= 0.75 && !peek) { cancelHold(); open(assetAt(), index, { held: true }); }
      if (peek && peek.held && event.pointerType !== 'mouse' && event.pressure >= 0.95) { release(); pop(index); return; }
      if (peek && peek.held && startY - event.clientY > swipeUpPixels) reveal();
    };
    const released = () => {
      if (!pressed) return;
      release();
      if (timer) { cancelHold(); tap(assetAt(), index); return; }
      if (peek && peek.held) { peek.held = false; if (!peek.revealed) close(); }
    };
    const cancelled = () => { release(); cancelHold(); if (peek && peek.held && !peek.revealed) close(); };
    function release() {
      pressed = false;
      document.removeEventListener('pointermove', moved);
      document.removeEventListener('pointerup', released);
      document.removeEventListener('pointercancel', cancelled);
    }
    button.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 || isOpen()) return;
      pressed = true;
      startY = event.clientY;
      document.addEventListener('pointermove', moved);
      document.addEventListener('pointerup', released);
      document.addEventListener('pointercancel', cancelled);
      timer = setTimeout(() => { timer = null; open(assetAt(), index, { held: true }); }, holdMilliseconds);
    });
    button.addEventListener('contextmenu', (event) => { event.preventDefault(); cancelHold(); release(); open(assetAt(), index, { held: false }); reveal(); });
    // Safari's Force Touch trackpads.
    button.addEventListener('webkitmouseforcewillbegin', (event) => event.preventDefault());
    button.addEventListener('webkitmouseforcechanged', (event) => {
      const force = event.webkitForce || 0;
      if (force >= 2 && !peek) { cancelHold(); open(assetAt(), index, { held: true }); }
      if (force >= 3 && peek) { release(); pop(index); }
    });
    button.addEventListener('keydown', (event) => {
      if (isOpen()) return;
      if (event.key === ' ') { event.preventDefault(); open(assetAt(), index, { held: false }); reveal(); }
      if (event.key === 'Enter') { event.preventDefault(); tap(assetAt(), index); }
    });
    button.addEventListener('click', (event) => event.preventDefault());
  }

  function tap(asset, index) {
    const pick = photolib.state.session.pick;
    if (pick === 'multiple') photolib.toggleChosen(asset);
    else pop(index);
  }

  async function open(asset, index, how) {
    lastFocus = document.activeElement;
    peek = { asset, index, held: how.held, revealed: false };
    $('peek-image').src = photolib.preview(asset);
    $('peek-image').alt = photolib.label(asset);
    $('peek-caption').textContent = photolib.name(asset);
    $('peek-meta').textContent = [asset.city, photolib.when(asset)].filter(Boolean).join(' · ');
    $('peek-actions').replaceChildren();
    $('peek-actions').hidden = true;
    $('peek').hidden = false;
    background(true);
    document.body.classList.add('peeking');
    $('peek-card').focus();
    try {
      const detail = await photolib.get('/api/assets/' + asset.id);
      if (peek && peek.asset.id === asset.id) showActions(detail);
    } catch (error) { photolib.status(error.message); }
  }

  function showActions(detail) {
    const list = $('peek-actions');
    list.replaceChildren();
    const editable = photolib.state.session.allowEdits;
    for (const action of detail.actions) {
      const item = photolib.element('button', {
        type: 'button', role: 'menuitem', class: 'action ' + action.style, text: action.title,
        'data-action': action.name, disabled: !editable,
        title: editable ? '' : 'read-only: start photolib serve --allow-edits',
      });
      item.addEventListener('click', () => perform(detail.asset, action));
      list.append(photolib.element('li', { role: 'none' }, [item]));
    }
    if (peek && peek.revealed) { list.hidden = false; focusFirstAction(); }
  }

  // Up and down move within the actions (a menu); Tab leaves them for the picture.
  function menuKeys(event) {
    const items = [...$('peek-actions').querySelectorAll('button:not([disabled])')];
    const at = items.indexOf(document.activeElement);
    if (at < 0 || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return false;
    event.preventDefault();
    items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length].focus();
    return true;
  }

  function focusFirstAction() {
    const first = $('peek-actions').querySelector('button:not([disabled])');
    if (first) first.focus();
  }

  function reveal() {
    if (!peek) return;
    peek.revealed = true;
    // Shown once they are there (showActions shows them when they come).
    $('peek-actions').hidden = !$('peek-actions').children.length;
    $('peek').classList.add('revealed');
    focusFirstAction();
  }

  function close() {
    peek = null;
    $('peek').hidden = true;
    $('peek').classList.remove('revealed');
    document.body.classList.remove('peeking');
    if (detailIndex === null) background(false);
    if (lastFocus && detailIndex === null) {
      // The grid may have been drawn again under the peek: the same photo's new cell.
      const cell = lastFocus.isConnected || !lastFocus.dataset || !lastFocus.dataset.id ? lastFocus
        : document.querySelector('.cell[data-id="' + lastFocus.dataset.id + '"]');
      if (cell) cell.focus();
    }
  }

  // The photo the open peek shows (its id), or null.
  function assetId() { return peek ? peek.asset.id : null; }

  function confirm(text, yes) {
    return new Promise((resolve) => {
      $('confirm-text').textContent = text;
      $('confirm-yes').textContent = yes;
      $('confirm').hidden = false;
      $('confirm-no').focus();
      const done = (answer) => { $('confirm').hidden = true; $('confirm-yes').onclick = $('confirm-no').onclick = null; resolve(answer); };
      $('confirm-yes').onclick = () => done(true);
      $('confirm-no').onclick = () => done(false);
    });
  }

  async function perform(asset, action) {
    if (action.style === 'destructive' && !(await confirm('Move "' + photolib.name(asset) + '" to the trash?', action.title))) return;
    try {
      const detail = await photolib.post('/api/assets/' + asset.id + '/' + action.name);
      // The page's version is not taken from the answer: a change elsewhere may have come
      // just before this one, and only the event stream's refresh brings it in.
      photolib.replace(detail.asset);
      if (peek && peek.asset.id === asset.id) { peek.asset = detail.asset; showActions(detail); }
      if (action.name === 'delete' || action.name === 'restore') { close(); photolib.refresh(); }
      photolib.status(action.title + ': done');
    } catch (error) { photolib.status(error.message); }
  }

  async function pop(index) {
    const asset = photolib.state.assets[index];
    if (!asset) return;
    if (peek) close();
    if (photolib.state.session.pick === 'single') { await photolib.choose([asset.id]); return; }
    detailIndex = index;
    lastFocus = lastFocus || document.activeElement;
    $('detail').hidden = false;
    background(true);
    document.body.classList.add('popped');
    show(asset);
    $('detail-caption').textContent = photolib.name(asset);
    $('detail-original').href = '/original/' + asset.id;
    $('detail-choose').hidden = photolib.state.session.pick !== 'multiple';
    $('detail-close').focus();
    // The grid's cell holds only what a cell draws: the facts it has at once, every fact
    // once the whole asset is here.
    facts(asset);
    try {
      const detail = await photolib.get('/api/assets/' + asset.id);
      if (detailIndex === index) { facts(detail.asset); history(detail.history); }
    } catch (error) { photolib.status(error.message); }
  }

  // The preview at screen size; a video plays from its original, with the preview as poster.
  function show(asset) {
    zoom(false);
    const video = $('detail-video');
    const image = $('detail-image');
    const isVideo = asset.kind === 'video';
    $('detail-zoom').hidden = isVideo;
    $('detail-note').hidden = true;
    video.hidden = !isVideo;
    image.hidden = isVideo;
    if (isVideo) {
      image.removeAttribute('src');
      video.poster = photolib.preview(asset);
      video.src = '/original/' + asset.id;
      video.setAttribute('aria-label', 'Video: ' + photolib.label(asset));
    } else {
      stopVideo();
      image.src = photolib.preview(asset);
      image.alt = photolib.label(asset);
    }
  }

  // Tab and Shift-Tab go round the open dialog's controls, never out to the inert page.
  function keepFocusIn(container, event) {
    if (event.key !== 'Tab') return;
    const items = [...container.querySelectorAll('button, a[href], video[controls], [tabindex="0"]')]
      .filter((e) => !e.disabled && e.getClientRects().length > 0);
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    if (at < 0 || (event.shiftKey && at === 0) || (!event.shiftKey && at === items.length - 1)) {
      event.preventDefault();
      items[event.shiftKey ? items.length - 1 : 0].focus();
    }
  }

  function stopVideo() {
    const video = $('detail-video');
    if (!video.getAttribute('src')) return;
    video.pause();
    video.removeAttribute('src');
    video.load();
  }

  // The original in place of the preview, at its own size, scrolled to the point zoomed at
  // (a fraction of the picture's width and height); again, back to the screen-sized preview.
  function zoom(on, at) {
    const media = $('detail-media');
    const image = $('detail-image');
    const button = $('detail-zoom');
    if (!on) {
      media.classList.remove('zoomed');
      button.setAttribute('aria-pressed', 'false');
      button.textContent = 'Zoom';
      const asset = detailIndex === null ? null : photolib.state.assets[detailIndex];
      if (asset && image.dataset.original) { image.src = photolib.preview(asset); delete image.dataset.original; }
      return;
    }
    const asset = photolib.state.assets[detailIndex];
    if (!asset || asset.kind === 'video') return;
    button.setAttribute('aria-pressed', 'true');
    button.textContent = 'Fit';
    media.classList.add('zoomed');
    const point = at || { x: 0.5, y: 0.5 };
    const scroll = () => {
      media.scrollLeft = point.x * image.scrollWidth - media.clientWidth / 2;
      media.scrollTop = point.y * image.scrollHeight - media.clientHeight / 2;
    };
    if (shownByBrowsers.has(asset.mimeType)) {
      image.dataset.original = '1';
      image.addEventListener('load', scroll, { once: true });
      image.src = '/original/' + asset.id;
      photolib.status('Loading the original…');
      image.addEventListener('load', () => photolib.status('Original: ' + image.naturalWidth + ' × ' + image.naturalHeight), { once: true });
    } else {
      $('detail-note').textContent = 'A browser cannot show this ' + (asset.format || 'file') + ': the preview is zoomed; Original downloads it.';
      $('detail-note').hidden = false;
      scroll();
    }
  }

  function facts(asset) {
    const rows = [
      ['Taken', photolib.when(asset)],
      ['Place', [asset.city, asset.region, asset.countryName].filter(Boolean).join(', ')],
      ['Camera', asset.camera ? [asset.camera.make, asset.camera.model].filter(Boolean).join(' ') : ''],
      ['Size', asset.width && asset.height ? asset.width + ' × ' + asset.height : ''],
      ['Duration', typeof asset.duration === 'number' ? photolib.clock(asset.duration) : ''],
      ['Codecs', [asset.videoCodec, asset.audioCodec].filter(Boolean).join(', ')],
      ['File', asset.relativePath], ['Format', asset.format],
      ['Bytes', asset.fileSize !== undefined ? String(asset.fileSize) : ''],
      ['Keywords', (asset.keywords || []).join(', ')],
      ['People', (asset.people || []).join(', ')],
      ['Rating', asset.rating ? String(asset.rating) : ''],
      ['Favourite', asset.favourite ? 'yes' : 'no'], ['Liked', asset.liked ? 'yes' : 'no'],
      ['Id', asset.id],
    ];
    const list = $('detail-facts');
    list.replaceChildren();
    for (const [term, value] of rows) {
      if (!value) continue;
      list.append(photolib.element('dt', { text: term }), photolib.element('dd', { text: value }));
    }
  }

  function history(events) {
    const list = $('detail-history');
    list.replaceChildren();
    for (const event of events) {
      const text = new Date(event.date * 1000).toLocaleString() + ': ' + event.action + ' ' + event.field +
        ' ' + (event.old === null ? '∅' : event.old) + ' → ' + (event.new === null ? '∅' : event.new);
      list.append(photolib.element('li', { text }));
    }
    if (!events.length) list.append(photolib.element('li', { text: 'no changes yet' }));
  }

  function unpop() {
    zoom(false);
    detailIndex = null;
    $('detail').hidden = true;
    $('detail-image').removeAttribute('src');
    stopVideo();
    background(false);
    document.body.classList.remove('popped');
    if (lastFocus) lastFocus.focus();
    lastFocus = null;
  }

  function step(offset) {
    if (detailIndex === null) return;
    const next = detailIndex + offset;
    if (next >= 0 && next < photolib.state.assets.length) pop(next);
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('peek').addEventListener('click', (event) => { if (event.target === $('peek')) close(); });
    $('peek-image').addEventListener('click', () => { if (peek) pop(peek.index); });
    $('detail-close').addEventListener('click', unpop);
    $('detail-zoom').addEventListener('click', () => zoom($('detail-zoom').getAttribute('aria-pressed') !== 'true'));
    $('detail-image').addEventListener('click', (event) => {
      if (detailIndex === null) return;
      if ($('detail-media').classList.contains('zoomed')) { zoom(false); return; }
      const box = $('detail-image').getBoundingClientRect();
      zoom(true, { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
    });
    $('detail-prev').addEventListener('click', () => step(-1));
    $('detail-next').addEventListener('click', () => step(1));
    $('detail-choose').addEventListener('click', () => { const a = photolib.state.assets[detailIndex]; if (a) photolib.toggleChosen(a); });
    document.addEventListener('keydown', (event) => {
      const open = !$('confirm').hidden ? $('confirm') : peek ? $('peek') : detailIndex !== null ? $('detail') : null;
      if (open) keepFocusIn(open, event);
      if (!$('confirm').hidden) { if (event.key === 'Escape') $('confirm-no').click(); return; }
      if (peek) {
        if (event.key === 'Escape') { event.preventDefault(); close(); }
        else if (menuKeys(event)) { /* moved within the actions */ }
        else if (event.key === 'ArrowUp') { event.preventDefault(); reveal(); }
        else if (event.key === 'Enter' && document.activeElement === $('peek-card')) { event.preventDefault(); pop(peek.index); }
      } else if (detailIndex !== null) {
        const inVideo = document.activeElement === $('detail-video');
        if (event.key === 'Escape') { event.preventDefault(); unpop(); }
        else if (inVideo) { /* the player's own keys: seek, volume */ }
        else if (event.key === 'ArrowLeft') step(-1);
        else if (event.key === 'ArrowRight') step(1);
        else if (event.key === 'z' || event.key === 'Z') zoom($('detail-zoom').getAttribute('aria-pressed') !== 'true');
      }
    });
  });

  return { attach, isOpen, open, pop, close, assetId };
})();
