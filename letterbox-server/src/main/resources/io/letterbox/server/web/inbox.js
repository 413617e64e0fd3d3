// Letterbox web inbox: one user's conversations over the HTTP API, live through its event stream.
// No library: the page talks to the same routes as any client, with the user's token if it has one.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  uid: null, token: null, device: 'pc', folder: 'default', next: null,
  open: null, messages: new Map(), older: null, blobUrls: new Map(),
  replyTo: null, pinnedIds: new Set(), typingSentAt: 0, typingHide: null, online: new Map(),
};
const REACTION = '\u{1F44D}';

class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

async function api(method, path, body, contentType) {
  const headers = {};
  if (state.token) headers.Authorization = 'Bearer ' + state.token;
  if (body !== undefined) headers['Content-Type'] = contentType || 'application/json';
  const r = await fetch(path, {
    method, headers,
    body: body === undefined ? undefined : (contentType ? body : JSON.stringify(body)),
  });
  if (r.status === 204) return null;
  const json = await r.json().catch(() => null);
  if (!r.ok) {
    const e = json && json.error ? json.error : { code: 'HTTP_' + r.status, message: r.statusText };
    throw new ApiError(r.status, e.code, e.message);
  }
  return json;
}

const me = () => '/v1/users/' + state.uid;

// --- signing in ---

function subOf(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part)).sub;
  } catch (e) {
    return null;
  }
}

async function signIn(uid, token) {
  state.uid = uid;
  state.token = token || null;
  await api('GET', me() + '/conversations?limit=1');
  sessionStorage.setItem('letterbox', JSON.stringify({ uid, token }));
  $('signin').hidden = true;
  $('inbox').hidden = false;
  $('me').textContent = 'uid ' + uid;
  await refreshList();
  listen();
}

$('signin-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const token = $('token').value.trim();
  const uid = token ? subOf(token) : $('uid').value.trim();
  $('signin-error').textContent = '';
  if (!uid || !/^[1-9][0-9]*$/.test(uid)) {
    $('signin-error').textContent = token ? 'That is not a user token.' : 'Give a user token or a uid.';
    return;
  }
  try {
    await signIn(uid, token);
  } catch (err) {
    $('signin-error').textContent = err.status === 401
      ? 'The server wants a valid user token (' + err.message + ').' : err.message;
  }
});

$('signout').addEventListener('click', () => {
  sessionStorage.removeItem('letterbox');
  location.reload();
});

// --- the conversation list ---

const keyOf = (c) => (c.group ? 'g' + c.group : 'u' + c.peer);

function preview(m) {
  if (!m) return 'no messages yet';
  if (m.status === 'recalled') return 'message recalled';
  if (m.type === 'image') return '[image] ' + (m.text || '');
  return m.text || '[' + m.type + ']';
}

async function refreshList() {
  const page = await api('GET', me() + '/conversations?limit=50&folder=' + state.folder);
  state.next = page.next;
  renderList(page.items, false);
  $('more-conversations').hidden = !page.next;
  const unread = await api('GET', me() + '/unread?device=' + state.device);
  $('total').textContent = unread.total > 0 ? unread.total : '';
}

function renderList(items, append) {
  const ul = $('conversations');
  if (!append) ul.textContent = '';
  for (const c of items) {
    const li = document.createElement('li');
    li.dataset.key = keyOf(c);
    if (state.open && state.open.key === li.dataset.key) li.classList.add('open');
    if (c.peer) {
      const dot = document.createElement('span');
      dot.className = 'dot';
      dot.dataset.uid = c.peer;
      li.append(dot);
    }
    const body = document.createElement('div');
    body.className = 'body';
    const who = document.createElement('div');
    who.className = 'who';
    who.textContent = c.group ? 'group ' + c.group : 'uid ' + c.peer;
    for (const [flag, on] of [['pinned', c.pinned], ['muted', c.muted]]) {
      if (on) {
        const tag = document.createElement('span');
        tag.className = 'tag';
        tag.textContent = flag;
        who.append(' ', tag);
      }
    }
    const last = document.createElement('div');
    last.className = 'last';
    last.textContent = c.draft ? 'draft: ' + c.draft : preview(c.lastMessage);
    body.append(who, last);
    const badge = document.createElement('span');
    badge.className = 'badge';
    const n = c.unread[state.device] || 0;
    badge.textContent = n > 0 ? n : '';
    li.append(body, badge);
    li.addEventListener('click', () => openConversation({
      key: li.dataset.key, peer: c.peer, group: c.group, pinned: c.pinned, draft: c.draft || '',
    }));
    ul.append(li);
  }
  refreshPresence().catch(() => {});
}

// --- presence: a dot per peer, green while one of its devices has a stream open ---

async function refreshPresence() {
  const peers = [...document.querySelectorAll('#conversations .dot')].map((d) => d.dataset.uid);
  if (state.open && state.open.peer) peers.push(state.open.peer);
  const unique = [...new Set(peers)].slice(0, 100);
  if (unique.length === 0) return;
  const page = await api('GET', me() + '/presence?of=' + unique.join(','));
  for (const p of page.items) state.online.set(p.uid, p);
  showPresence();
}

function showPresence() {
  for (const d of document.querySelectorAll('#conversations .dot')) {
    const p = state.online.get(d.dataset.uid);
    d.classList.toggle('online', !!(p && p.online));
  }
  const p = state.open && state.open.peer ? state.online.get(state.open.peer) : null;
  $('presence').hidden = !(state.open && state.open.peer);
  $('presence').classList.toggle('online', !!(p && p.online));
  $('presence').title = p && p.online ? 'online' : p && p.lastSeen ? 'last seen ' + new Date(p.lastSeen).toLocaleString() : 'offline';
}

$('more-conversations').addEventListener('click', async () => {
  const page = await api('GET', me() + '/conversations?limit=50&folder=' + state.folder + '&cursor=' + encodeURIComponent(state.next));
  state.next = page.next;
  renderList(page.items, true);
  $('more-conversations').hidden = !page.next;
});

for (const b of document.querySelectorAll('#folders button')) {
  b.addEventListener('click', () => {
    document.querySelectorAll('#folders button').forEach((x) => x.classList.toggle('active', x === b));
    state.folder = b.dataset.folder;
    refreshList();
  });
}

$('new-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const peer = $('new-peer').value.trim();
  if (/^[1-9][0-9]*$/.test(peer) && peer !== state.uid) {
    $('new-peer').value = '';
    openConversation({ key: 'u' + peer, peer, pinned: false, draft: '' });
  }
});

// --- one conversation ---

function historyPath(c) {
  return c.group ? me() + '/groups/' + c.group + '/messages' : me() + '/conversations/' + c.peer + '/messages';
}

async function openConversation(c) {
  state.open = c;
  state.messages = new Map();
  state.older = null;
  $('inbox').classList.add('reading');
  $('conversation').hidden = false;
  $('title').textContent = c.group ? 'group ' + c.group : 'uid ' + c.peer;
  $('pin').textContent = c.pinned ? 'Unpin' : 'Pin';
  document.querySelectorAll('#conversations li').forEach((li) => li.classList.toggle('open', li.dataset.key === c.key));
  $('messages').textContent = '';
  state.pinnedIds = new Set();
  $('text').value = c.draft || '';
  cancelReply();
  $('typing').hidden = true;
  showPresence();
  await loadNewest();
  $('messages').scrollTop = $('messages').scrollHeight;
  $('text').focus();
}

async function loadNewest() {
  const c = state.open;
  const page = await api('GET', historyPath(c) + '?limit=30');
  if (state.open !== c) return;
  if (state.older === null) state.older = page.next;
  for (const m of page.items) state.messages.set(m.id, m);
  renderMessages();
  await loadPins();
  await markRead();
}

function pinsPath(c) {
  return c.group ? me() + '/groups/' + c.group + '/pins' : me() + '/conversations/' + c.peer + '/pins';
}

async function loadPins() {
  const c = state.open;
  let pins;
  try {
    pins = await api('GET', pinsPath(c));
  } catch (e) {
    if (e.status !== 404) throw e;
    pins = { items: [] };
  }
  if (state.open !== c) return;
  const ul = $('pins');
  ul.textContent = '';
  for (const m of pins.items) {
    const li = document.createElement('li');
    li.dataset.id = m.id;
    li.textContent = preview(m);
    ul.append(li);
  }
  ul.hidden = pins.items.length === 0;
  state.pinnedIds = new Set(pins.items.map((m) => m.id));
}

async function markRead() {
  const c = state.open;
  if (!c || document.hidden) return;
  // Only what came from others and is newer than what this page marked: a read is itself an
  // event, and marking again on it would never end.
  let newest = 0n;
  for (const m of state.messages.values()) if (m.from !== state.uid && BigInt(m.id) > newest) newest = BigInt(m.id);
  if (newest <= (c.readUpTo || 0n)) return;
  c.readUpTo = newest;
  const path = c.group ? me() + '/groups/' + c.group + '/read' : me() + '/conversations/' + c.peer + '/read';
  try {
    await api('POST', path, { device: state.device });
  } catch (e) {
    if (e.status !== 404) throw e; // a conversation with nothing in it yet
  }
  await refreshList();
}

let loadingOlder = false;
$('messages').addEventListener('scroll', () => {
  if ($('messages').scrollTop < 30 && state.older && !loadingOlder) $('older').click();
});

$('older').addEventListener('click', async () => {
  const c = state.open;
  if (!state.older || loadingOlder) return;
  loadingOlder = true;
  const ol = $('messages');
  const fromBottom = ol.scrollHeight - ol.scrollTop;
  try {
    const page = await api('GET', historyPath(c) + '?limit=30&cursor=' + encodeURIComponent(state.older));
    if (state.open !== c) return;
    state.older = page.next;
    for (const m of page.items) state.messages.set(m.id, m);
    renderMessages();
    ol.scrollTop = ol.scrollHeight - fromBottom;
  } finally {
    loadingOlder = false;
  }
});

function renderMessages() {
  const ol = $('messages');
  const atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  const sorted = [...state.messages.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  ol.textContent = '';
  for (const m of sorted) ol.append(messageItem(m));
  $('older').hidden = !state.older;
  if (atBottom) ol.scrollTop = ol.scrollHeight;
}

function messageItem(m) {
  const li = document.createElement('li');
  li.dataset.id = m.id;
  const mine = m.from === state.uid;
  if (mine) li.classList.add('mine');
  if (m.status === 'recalled') {
    li.classList.add('recalled');
    li.textContent = mine ? 'You recalled a message' : 'A message was recalled';
    return li;
  }
  for (const a of m.attachments || []) {
    if (a.contentType.startsWith('image/')) {
      const img = document.createElement('img');
      img.alt = a.name || 'image';
      blobUrl(a.blob).then((url) => { img.src = url; });
      li.append(img);
    }
  }
  if (m.forwarded) {
    const f = document.createElement('div');
    f.className = 'forwarded';
    f.textContent = 'forwarded from uid ' + m.forwarded.from;
    li.append(f);
  }
  if (m.replyTo) {
    const q = document.createElement('div');
    q.className = 'quote';
    q.textContent = m.replyTo.status === 'normal' ? 'uid ' + m.replyTo.from + ': ' + (m.replyTo.text || '[' + m.replyTo.type + ']')
      : 'a message that was ' + m.replyTo.status;
    li.append(q);
  }
  if (m.text) li.append(document.createTextNode(m.text));
  if (m.reactions) {
    const row = document.createElement('div');
    row.className = 'reactions';
    for (const r of m.reactions) {
      const chip = document.createElement('span');
      chip.textContent = r.emoji + ' ' + r.count;
      if (r.mine) chip.classList.add('mine');
      row.append(chip);
    }
    li.append(row);
  }
  const meta = document.createElement('div');
  meta.className = 'meta';
  meta.textContent = (m.kind === 'group' && !mine ? 'uid ' + m.from + ' · ' : '') + new Date(m.createdAt).toLocaleTimeString();
  const action = (name, label, run) => {
    const b = document.createElement('button');
    b.className = 'link ' + name;
    b.textContent = label;
    b.addEventListener('click', async (e) => {
      e.stopPropagation();
      try {
        await run();
      } catch (err) {
        alert(err.message);
      }
    });
    meta.append(b);
  };
  if (m.kind !== 'broadcast') {
    action('reply', 'reply', async () => startReply(m));
    const pinned = state.pinnedIds.has(m.id);
    action('pin-message', pinned ? 'unpin' : 'pin', async () => {
      const c = state.open;
      const path = c.group ? '/v1/groups/' + c.group + '/pins/' + m.id + '?by=' + state.uid : pinsPath(c) + '/' + m.id;
      await api(pinned ? 'DELETE' : 'PUT', path);
      await loadPins();
      renderMessages();
    });
  }
  const reacted = (m.reactions || []).some((r) => r.emoji === REACTION && r.mine);
  action('react', REACTION, async () => {
    await api(reacted ? 'DELETE' : 'PUT', me() + '/messages/' + m.id + '/reactions/' + encodeURIComponent(REACTION));
    state.messages.set(m.id, await api('GET', me() + '/messages/' + m.id));
    renderMessages();
  });
  if (mine && m.kind !== 'broadcast') {
    action('recall', 'recall', async () => {
      state.messages.set(m.id, await api('POST', me() + '/messages/' + m.id + '/recall'));
      renderMessages();
    });
  }
  li.append(meta);
  return li;
}

function startReply(m) {
  state.replyTo = m;
  $('replying-text').textContent = 'replying to uid ' + m.from + ': ' + preview(m);
  $('replying').hidden = false;
  $('text').focus();
}

function cancelReply() {
  state.replyTo = null;
  $('replying').hidden = true;
}

$('cancel-reply').addEventListener('click', cancelReply);

async function blobUrl(id) {
  if (!state.blobUrls.has(id)) {
    state.blobUrls.set(id, (async () => {
      const r = await fetch('/v1/blobs/' + encodeURIComponent(id), { headers: state.token ? { Authorization: 'Bearer ' + state.token } : {} });
      return URL.createObjectURL(await r.blob());
    })());
  }
  return state.blobUrls.get(id);
}

async function send(extra) {
  const c = state.open;
  const body = Object.assign({ from: state.uid }, extra);
  if (state.replyTo) body.replyTo = state.replyTo.id;
  const m = c.group ? await api('POST', '/v1/groups/' + c.group + '/messages', body)
    : await api('POST', '/v1/messages', Object.assign(body, { to: c.peer }));
  cancelReply();
  clearTimeout(drafting);
  saveDraft(c, '');
  state.messages.set(m.id, m);
  renderMessages();
  $('messages').scrollTop = $('messages').scrollHeight;
  refreshList();
}

// What is written and not sent is the conversation's draft, on every device of the user.
let drafting = null;
function saveDraft(c, text) {
  if (c.group || text === c.draft) return;
  c.draft = text;
  api('PUT', me() + '/conversations/' + c.peer + '/draft', { text }).catch(() => {});
}

// The peer sees "typing…" while this user writes: at most one signal per 3 s, as the server keeps.
$('text').addEventListener('input', () => {
  const c = state.open;
  clearTimeout(drafting);
  if (c) drafting = setTimeout(() => { if (state.open === c) saveDraft(c, $('text').value); }, 1500);
  if (!c || !$('text').value || Date.now() - state.typingSentAt < 3000) return;
  state.typingSentAt = Date.now();
  const path = c.group ? me() + '/groups/' + c.group + '/typing' : me() + '/conversations/' + c.peer + '/typing';
  api('POST', path).catch(() => {});
});

$('send-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = $('text').value;
  if (!text.trim()) return;
  $('text').value = '';
  try {
    await send({ text });
  } catch (err) {
    $('text').value = text;
    alert(err.message);
  }
});

$('image').addEventListener('change', async () => {
  const file = $('image').files[0];
  $('image').value = '';
  if (!file) return;
  try {
    const blob = await api('POST', '/v1/blobs', file, file.type || 'application/octet-stream');
    await send({ type: 'image', attachments: [{ blob: blob.id, name: file.name }] });
  } catch (err) {
    alert(err.message);
  }
});

$('pin').addEventListener('click', async () => {
  const c = state.open;
  const path = c.group ? me() + '/groups/' + c.group + '/state' : me() + '/conversations/' + c.peer + '/state';
  c.pinned = !c.pinned;
  await api('PUT', path, { pinned: c.pinned });
  $('pin').textContent = c.pinned ? 'Unpin' : 'Pin';
  refreshList();
});

$('back').addEventListener('click', () => {
  state.open = null;
  $('inbox').classList.remove('reading');
  $('conversation').hidden = true;
});

// --- live: the user's event stream (SSE read with fetch, so that it can carry the token) ---

function typing(ev) {
  const c = state.open;
  const here = c && ((c.group && ev.group === c.group) || (!c.group && ev.peer === c.peer && !ev.group));
  if (!here || ev.by === state.uid) return;
  $('typing').textContent = c.group ? 'uid ' + ev.by + ' is typing…' : 'typing…';
  $('typing').hidden = false;
  clearTimeout(state.typingHide);
  state.typingHide = setTimeout(() => { $('typing').hidden = true; }, 5000);
}

let refreshing = null;
function changed(ev) {
  if (ev.type === 'typing') {
    typing(ev);
    return;
  }
  const c = state.open;
  const touchesOpen = ev.type !== 'read' && c
    && ((c.group && ev.group === c.group) || (!c.group && ev.peer === c.peer && !ev.group));
  if (touchesOpen && ev.type === 'message') $('typing').hidden = true;
  clearTimeout(refreshing);
  refreshing = setTimeout(() => {
    (touchesOpen ? loadNewest() : refreshList()).catch(() => {});
  }, 50);
}

setInterval(() => { if (state.uid) refreshPresence().catch(() => {}); }, 20000);

async function listen() {
  let since = null;
  for (;;) {
    try {
      const headers = state.token ? { Authorization: 'Bearer ' + state.token } : {};
      const r = await fetch(me() + '/events' + (since ? '?since=' + encodeURIComponent(since) : ''), { headers });
      if (!r.ok) throw new Error('events: ' + r.status);
      const reader = r.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) since = line.slice(3).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) changed(JSON.parse(data));
        }
      }
    } catch (e) {
      // reconnect below, from the last position seen
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

document.addEventListener('visibilitychange', () => { if (!document.hidden && state.open) markRead(); });

const saved = JSON.parse(sessionStorage.getItem('letterbox') || 'null');
if (saved) signIn(saved.uid, saved.token).catch(() => sessionStorage.removeItem('letterbox'));
