#!/usr/bin/env node
/**
 * Generates the demo chain's artwork (products, category tiles, banners, coupon cards) into
 * apps/server/public/images/{products,categories,banners,coupons}/ and the map of logical
 * names to URL paths in apps/server/src/db/seed/images.json (read by demo-chain.ts).
 *
 * Source artwork: Microsoft Fluent Emoji 3D (MIT) from the npm package
 * @lobehub/fluent-emoji-3d@1.1.0 (256 px webp files named by code point). See
 * apps/server/public/images/ATTRIBUTION.md.
 *
 * How to run (from the repo root; sharp is a dependency of apps/server, the emoji package is not):
 *   1. unpack the emoji package, e.g.
 *        (cd /tmp && npm pack @lobehub/fluent-emoji-3d@1.1.0 && mkdir -p emoji &&
 *         tar -xzf lobehub-fluent-emoji-3d-1.1.0.tgz -C emoji)
 *      or install it on NODE_PATH; EMOJI_DIR overrides the assets folder.
 *   2. EMOJI_DIR=/tmp/emoji/package/assets npx tsx scripts/generate-images.mjs
 *      (tsx because the last step, scripts/generate-image-variants.mjs, reads the image widths
 *      from packages/shared; that step alone runs offline from the committed files.)
 *
 * Output file names are content-hashed (<name>.<8 hex of sha256>.webp) because /images/* is
 * served with `Cache-Control: immutable`; outputs of older runs are deleted. Text is drawn in
 * SVG with the generic `sans-serif` family (DejaVu Sans on the machine that generated the
 * committed files).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { writeImageVariants } from './generate-image-variants.mjs';

const require = createRequire(import.meta.url); // CommonJS resolution honours NODE_PATH (the emoji package)

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'apps/server/public/images');
const JSON_OUT = path.join(ROOT, 'apps/server/src/db/seed/images.json');
const BRAND = 'La Brasa Dorada';

function findEmojiDir() {
  if (process.env.EMOJI_DIR) return process.env.EMOJI_DIR;
  try {
    return path.join(
      path.dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')),
      'assets',
    );
  } catch {
    return '/tmp/emoji/package/assets';
  }
}
const EMOJI_DIR = findEmojiDir();
if (!fs.existsSync(path.join(EMOJI_DIR, '1f354.webp'))) {
  console.error(`Fluent Emoji 3D assets not found in ${EMOJI_DIR}; set EMOJI_DIR.`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Emoji by name (Unicode code points of the Fluent Emoji 3D files)
// ---------------------------------------------------------------------------------------------
const E = {
  burger: '1f354',
  pizza: '1f355',
  taco: '1f32e',
  burrito: '1f32f',
  salad: '1f957',
  fries: '1f35f',
  cup: '1f964',
  juicebox: '1f9c3',
  coffee: '2615',
  cake: '1f370',
  icecream: '1f366',
  sundae: '1f368',
  drumstick: '1f357',
  meat: '1f356',
  steak: '1f969',
  bacon: '1f953',
  cheese: '1f9c0',
  avocado: '1f951',
  hotdog: '1f32d',
  sandwich: '1f96a',
  falafel: '1f9c6',
  stew: '1f372',
  cookie: '1f36a',
  donut: '1f369',
  beer: '1f37a',
  beers: '1f37b',
  tropical: '1f379',
  lemon: '1f34b',
  strawberry: '1f353',
  mango: '1f96d',
  coconut: '1f965',
  onion: '1f9c5',
  pepper: '1f336-fe0f',
  tomato: '1f345',
  corn: '1f33d',
  potato: '1f954',
  egg: '1f95a',
  butter: '1f9c8',
  chocolate: '1f36b',
  birthday: '1f382',
  party: '1f389',
  gift: '1f381',
  rice: '1f35a',
  pineapple: '1f34d',
  mushroom: '1f344',
  leafy: '1f96c',
  watermelon: '1f349',
  kiwi: '1f95d',
  custard: '1f36e',
  ice: '1f9ca',
  fire: '1f525',
  scooter: '1f6f5',
  moneybag: '1f4b0',
  ticket: '1f39f-fe0f',
  tag: '1f3f7-fe0f',
  email: '1f4e7',
  envelope: '2709-fe0f',
  check: '2705',
  sparkles: '2728',
  star: '2b50',
  glowstar: '1f31f',
  yum: '1f60b',
  store: '1f3ea',
  chef: '1f9d1-200d-1f373',
  cucumber: '1f952',
  garlic: '1f9c4',
  bread: '1f35e',
  milk: '1f95b',
  curry: '1f35b',
  glass: '1f377',
  pin: '1f4cd',
  package: '1f4e6',
  loveletter: '1f48c',
};

// ---------------------------------------------------------------------------------------------
// What to draw
// ---------------------------------------------------------------------------------------------
/** Per-category look: background gradient (light centre → deeper edge) and the surface. */
const THEMES = {
  hamburguesas: {
    light: '#FFE6C4',
    mid: '#FDBA74',
    deep: '#E8772E',
    surface: 'board',
    tile: ['#F59E4C', '#C2410C'],
  },
  pizzas: {
    light: '#FFE2D3',
    mid: '#F9A58B',
    deep: '#D9452B',
    surface: 'board',
    tile: ['#EF6A4C', '#A62A1B'],
  },
  'pollo-a-la-brasa': {
    light: '#FFF0C7',
    mid: '#FACC6B',
    deep: '#E0962A',
    surface: 'plate',
    tile: ['#F6B73C', '#C46A12'],
  },
  'perros-y-sandwiches': {
    light: '#FFF6C9',
    mid: '#FBDD6E',
    deep: '#E8B01C',
    surface: 'paper',
    tile: ['#F7C948', '#C98A0B'],
  },
  'ensaladas-y-bowls': {
    light: '#EEF6D5',
    mid: '#C5E08A',
    deep: '#7FA83A',
    surface: 'plate',
    tile: ['#9CC65A', '#4E7F22'],
  },
  acompanamientos: {
    light: '#FBEBDD',
    mid: '#E9B796',
    deep: '#B86A45',
    surface: 'paper',
    tile: ['#D98E5F', '#8C4A2F'],
  },
  bebidas: {
    light: '#E6F7F3',
    mid: '#A9DDD3',
    deep: '#3F9E98',
    surface: 'coaster',
    tile: ['#45B7AE', '#1D6F78'],
  },
  postres: {
    light: '#FFE8EE',
    mid: '#F7B7C7',
    deep: '#D9688A',
    surface: 'plate',
    tile: ['#EE8FAA', '#B34568'],
  },
};

/** Product images: [slug, category, emoji (first = hero, the rest behind it)]. */
const PRODUCTS = [
  ['hamburguesa-clasica', 'hamburguesas', ['burger']],
  ['hamburguesa-doble-queso', 'hamburguesas', ['burger', 'cheese']],
  ['hamburguesa-tocineta-bbq', 'hamburguesas', ['burger', 'bacon']],
  ['hamburguesa-criolla', 'hamburguesas', ['burger', 'egg', 'corn']],
  ['hamburguesa-pollo-crispy', 'hamburguesas', ['burger', 'drumstick']],
  ['combo-dorado', 'hamburguesas', ['burger', 'fries', 'cup']],

  ['pizza-campina', 'pizzas', ['pizza', 'corn', 'bacon']],
  ['pizza-hawaiana', 'pizzas', ['pizza', 'pineapple']],
  ['pizza-pepperoni', 'pizzas', ['pizza', 'pepper']],
  ['pizza-pollo-champinones', 'pizzas', ['pizza', 'mushroom']],
  ['pizza-vegetariana', 'pizzas', ['pizza', 'tomato', 'leafy']],

  ['cuarto-de-pollo', 'pollo-a-la-brasa', ['drumstick', 'potato']],
  ['medio-pollo', 'pollo-a-la-brasa', ['drumstick', 'fries']],
  ['pollo-entero', 'pollo-a-la-brasa', ['drumstick', 'drumstick', 'drumstick']],
  ['alitas-bbq', 'pollo-a-la-brasa', ['drumstick', 'fire']],
  ['combo-familiar-brasa', 'pollo-a-la-brasa', ['drumstick', 'fries', 'cup']],

  ['perro-sencillo', 'perros-y-sandwiches', ['hotdog']],
  ['perro-especial', 'perros-y-sandwiches', ['hotdog', 'bacon', 'cheese']],
  ['sandwich-cubano', 'perros-y-sandwiches', ['sandwich', 'cheese']],
  ['sandwich-pollo-aguacate', 'perros-y-sandwiches', ['sandwich', 'avocado']],
  ['wrap-de-pollo', 'perros-y-sandwiches', ['burrito', 'leafy']],

  ['ensalada-cesar', 'ensaladas-y-bowls', ['salad', 'drumstick']],
  ['ensalada-de-la-casa', 'ensaladas-y-bowls', ['salad', 'tomato']],
  ['bowl-pollo-aguacate', 'ensaladas-y-bowls', ['rice', 'avocado']],
  ['bowl-res-teriyaki', 'ensaladas-y-bowls', ['rice', 'steak']],
  ['bowl-falafel', 'ensaladas-y-bowls', ['falafel', 'salad']],

  ['papas-a-la-francesa', 'acompanamientos', ['fries']],
  ['papas-cheddar-tocineta', 'acompanamientos', ['fries', 'cheese', 'bacon']],
  ['papa-criolla', 'acompanamientos', ['potato', 'potato']],
  ['mazorca-asada', 'acompanamientos', ['corn', 'butter']],
  ['aros-de-cebolla', 'acompanamientos', ['onion', 'onion']],
  ['guacamole-con-totopos', 'acompanamientos', ['avocado', 'tomato', 'onion']],

  ['gaseosa', 'bebidas', ['cup']],
  ['jugo-natural', 'bebidas', ['tropical', 'mango', 'strawberry']],
  ['limonada-de-coco', 'bebidas', ['tropical', 'coconut', 'lemon']],
  ['limonada-natural', 'bebidas', ['cup', 'lemon', 'ice']],
  ['cerveza-nacional', 'bebidas', ['beer']],
  ['capuchino', 'bebidas', ['coffee']],

  ['torta-tres-leches', 'postres', ['cake']],
  ['brownie-con-helado', 'postres', ['chocolate', 'icecream']],
  ['copa-de-helado', 'postres', ['sundae']],
  ['flan-de-caramelo', 'postres', ['custard']],
  ['galleta-de-chocolate', 'postres', ['cookie', 'cookie']],
  ['ensalada-de-frutas', 'postres', ['watermelon', 'strawberry', 'kiwi']],
];

/** Category tiles: hero emoji first. */
const CATEGORIES = [
  ['hamburguesas', ['burger', 'fries', 'cheese']],
  ['pizzas', ['pizza', 'tomato', 'mushroom']],
  ['pollo-a-la-brasa', ['drumstick', 'fire', 'potato']],
  ['perros-y-sandwiches', ['hotdog', 'sandwich', 'burrito']],
  ['ensaladas-y-bowls', ['salad', 'avocado', 'rice']],
  ['acompanamientos', ['fries', 'corn', 'onion']],
  ['bebidas', ['tropical', 'cup', 'coffee']],
  ['postres', ['cake', 'sundae', 'cookie']],
];

const BRANCHES = [
  ['campina', 'Campiña'],
  ['chico', 'Chicó'],
  ['terminal-24h', 'Terminal 24h'],
  ['el-poblado', 'El Poblado'],
  ['granada', 'Granada'],
];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const svg = (w, h, body) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );

/** Deterministic pseudo-random numbers from a string, for per-image variation. */
function rng(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const emojiCache = new Map();
/**
 * The emoji, trimmed of its transparent margin and fitted inside a `size` px box (never
 * enlarged by more than 15 % over the 256 px source, so it stays crisp), optionally mirrored
 * and rotated; an RGBA PNG buffer.
 */
async function emoji(name, size, rotate = 0, flip = false) {
  const code = E[name] ?? name;
  const key = `${code}/${size}/${rotate}/${flip}`;
  if (!emojiCache.has(key)) {
    const { data, info } = await sharp(path.join(EMOJI_DIR, `${code}.webp`))
      .trim({ threshold: 1 })
      .png()
      .toBuffer({ resolveWithObject: true });
    const scale = Math.min(size / info.width, size / info.height, 1.15);
    let img = sharp(data).resize(Math.round(info.width * scale), Math.round(info.height * scale), {
      kernel: 'lanczos3',
    });
    if (flip) img = img.flop();
    let buf = await img.png().toBuffer();
    if (rotate) {
      buf = await sharp(buf)
        .rotate(rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
    }
    emojiCache.set(key, buf);
  }
  return emojiCache.get(key);
}

/** A soft drop shadow of an RGBA image (its blurred, darkened silhouette). */
async function shadowOf(buf, blur, opacity) {
  const { width, height } = await sharp(buf).metadata();
  const pad = Math.ceil(blur * 3);
  const alpha = await sharp(buf).extractChannel(3).linear(opacity, 0).toBuffer();
  const black = await sharp({ create: { width, height, channels: 3, background: '#2b1200' } })
    .joinChannel(alpha)
    .png()
    .toBuffer();
  const out = await sharp(black)
    .extend({
      top: pad,
      bottom: pad,
      left: pad,
      right: pad,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .blur(blur)
    .png()
    .toBuffer();
  return { buf: out, pad };
}

/**
 * Place emoji items {name, size, x, y (centre), rotate?, flip?, shadow?} on the canvas:
 * returns sharp composite entries (shadows first, then the images, in order).
 */
async function placeEmoji(items) {
  const layers = [];
  for (const it of items) {
    const buf = await emoji(it.name, it.size, it.rotate ?? 0, it.flip ?? false);
    const { width, height } = await sharp(buf).metadata();
    const left = Math.round(it.x - width / 2);
    const top = Math.round(it.y - height / 2);
    if (it.shadow !== false) {
      const s = await shadowOf(
        buf,
        it.shadowBlur ?? Math.max(4, it.size / 22),
        it.shadowOpacity ?? 0.3,
      );
      const dy = it.shadowDy ?? Math.round(it.size / 18);
      layers.push({ input: s.buf, left: left - s.pad + Math.round(dy / 3), top: top - s.pad + dy });
    }
    layers.push({ input: buf, left, top });
  }
  return layers;
}

/** Clip composite layers to a canvas (sharp refuses layers that stick out). */
async function clipLayers(layers, W, H) {
  const out = [];
  for (const l of layers) {
    const m = await sharp(l.input).metadata();
    const x0 = Math.max(0, l.left),
      y0 = Math.max(0, l.top);
    const x1 = Math.min(W, l.left + m.width),
      y1 = Math.min(H, l.top + m.height);
    if (x1 <= x0 || y1 <= y0) continue;
    if (x0 === l.left && y0 === l.top && x1 === l.left + m.width && y1 === l.top + m.height) {
      out.push(l);
      continue;
    }
    const input = await sharp(l.input)
      .extract({ left: x0 - l.left, top: y0 - l.top, width: x1 - x0, height: y1 - y0 })
      .png()
      .toBuffer();
    out.push({ input, left: x0, top: y0 });
  }
  return out;
}

async function render(W, H, backgroundSvg, layers, quality = 78, overlaySvg = null) {
  const all = await clipLayers(layers, W, H);
  if (overlaySvg) all.push({ input: overlaySvg, left: 0, top: 0 });
  const flat = await sharp(backgroundSvg).resize(W, H).composite(all).png().toBuffer();
  return sharp(flat).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Products: emoji on a plate / board / deli paper / coaster over a warm radial background
// ---------------------------------------------------------------------------------------------
function productBackground(theme, seed) {
  const r = rng(seed);
  const W = 480,
    cx = 240,
    cy = 256;
  const hx = 30 + r() * 40,
    hy = 20 + r() * 25; // highlight position (%)
  // faint confetti of sesame-like specks so backgrounds are not flat
  let specks = '';
  for (let i = 0; i < 26; i++) {
    const a = r() * Math.PI * 2,
      d = 215 + r() * 60;
    const x = cx + Math.cos(a) * d,
      y = cy + Math.sin(a) * d;
    specks += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(3 + r() * 4).toFixed(1)}" ry="${(2 + r() * 2).toFixed(1)}" transform="rotate(${(r() * 180).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="#fff" opacity="${(0.18 + r() * 0.2).toFixed(2)}"/>`;
  }
  const defs = `<defs>
    <radialGradient id="bg" cx="${hx}%" cy="${hy}%" r="95%">
      <stop offset="0" stop-color="${theme.light}"/><stop offset=".55" stop-color="${theme.mid}"/><stop offset="1" stop-color="${theme.deep}"/>
    </radialGradient>
    <filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="blur2" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="4"/></filter>
    <radialGradient id="plate" cx="42%" cy="38%" r="70%"><stop offset="0" stop-color="#FFFFFF"/><stop offset=".7" stop-color="#FBF7F2"/><stop offset="1" stop-color="#E9E1D6"/></radialGradient>
    <radialGradient id="well" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#FFFFFF"/><stop offset=".85" stop-color="#F6F1EA"/><stop offset="1" stop-color="#E6DDD1"/></radialGradient>
    <radialGradient id="wood" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#F2C58C"/><stop offset=".7" stop-color="#D9974F"/><stop offset="1" stop-color="#AD6A2F"/></radialGradient>
    <radialGradient id="cork" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#E2C39A"/><stop offset="1" stop-color="#B88A5A"/></radialGradient>
    <pattern id="check" width="36" height="36" patternUnits="userSpaceOnUse">
      <rect width="36" height="36" fill="#FFFDF8"/><rect width="18" height="18" fill="#D8402F" opacity=".85"/><rect x="18" y="18" width="18" height="18" fill="#D8402F" opacity=".85"/>
      <rect x="18" width="18" height="18" fill="#EE9A8F" opacity=".35"/><rect y="18" width="18" height="18" fill="#EE9A8F" opacity=".35"/>
    </pattern>
  </defs>`;
  let surface = '';
  switch (theme.surface) {
    case 'plate':
      surface = `<ellipse cx="${cx + 8}" cy="${cy + 22}" rx="190" ry="182" fill="#3a1a00" opacity=".28" filter="url(#blur)"/>
        <circle cx="${cx}" cy="${cy}" r="188" fill="url(#plate)"/>
        <circle cx="${cx}" cy="${cy}" r="186" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".8"/>
        <circle cx="${cx}" cy="${cy}" r="132" fill="url(#well)"/>
        <circle cx="${cx}" cy="${cy + 3}" r="132" fill="none" stroke="#D9CEC0" stroke-width="2" opacity=".55" filter="url(#blur2)"/>`;
      break;
    case 'board': {
      let grain = '';
      for (let i = 0; i < 7; i++) {
        grain += `<circle cx="${cx + 6}" cy="${cy - 4}" r="${40 + i * 22 + r() * 8}" fill="none" stroke="#8A5128" stroke-width="${(1 + r()).toFixed(1)}" opacity="${(0.1 + r() * 0.08).toFixed(2)}"/>`;
      }
      surface = `<ellipse cx="${cx + 10}" cy="${cy + 22}" rx="196" ry="186" fill="#3a1a00" opacity=".32" filter="url(#blur)"/>
        <rect x="${cx + 150}" y="${cy - 200}" width="46" height="110" rx="20" transform="rotate(40 ${cx + 173} ${cy - 145})" fill="#C98345"/>
        <circle cx="${cx + 196}" cy="${cy - 168}" r="7" fill="${theme.mid}"/>
        <circle cx="${cx}" cy="${cy}" r="194" fill="url(#wood)"/>
        ${grain}
        <circle cx="${cx}" cy="${cy}" r="192" fill="none" stroke="#8A5128" stroke-width="4" opacity=".35"/>
        <circle cx="${cx}" cy="${cy}" r="170" fill="none" stroke="#FFFFFF" stroke-width="2" opacity=".12"/>`;
      break;
    }
    case 'paper':
      surface = `<rect x="${cx - 170}" y="${cy - 160}" width="340" height="330" rx="10" transform="rotate(-7 ${cx} ${cy})" fill="#3a1a00" opacity=".28" filter="url(#blur)"/>
        <rect x="${cx - 170}" y="${cy - 172}" width="340" height="330" rx="8" transform="rotate(-7 ${cx} ${cy})" fill="url(#check)"/>
        <rect x="${cx - 170}" y="${cy - 172}" width="340" height="330" rx="8" transform="rotate(-7 ${cx} ${cy})" fill="#FFF3DF" opacity=".18"/>`;
      break;
    case 'coaster':
      surface = `<ellipse cx="${cx + 6}" cy="${cy + 30}" rx="160" ry="150" fill="#3a1a00" opacity=".28" filter="url(#blur)"/>
        <circle cx="${cx}" cy="${cy + 16}" r="160" fill="url(#cork)"/>
        <circle cx="${cx}" cy="${cy + 16}" r="146" fill="none" stroke="#FFF7EA" stroke-width="3" stroke-dasharray="2 9" stroke-linecap="round" opacity=".7"/>`;
      break;
  }
  return svg(W, W, `${defs}<rect width="${W}" height="${W}" fill="url(#bg)"/>${specks}${surface}`);
}

function productLayout(names, seed, surface) {
  const r = rng(seed + ':layout');
  const cy = surface === 'coaster' ? 262 : 252;
  if (names[0] === 'pizza') {
    // a big slice on the board, toppings scattered around it
    const items = [{ name: 'pizza', size: 250, x: 250, y: cy + 10 }];
    const spots = [
      { x: 122, y: cy - 80, rotate: -12 },
      { x: 372, y: cy + 100, rotate: 10 },
    ];
    names.slice(1).forEach((n, i) => items.push({ name: n, size: 112, ...spots[i] }));
    return items;
  }
  if (names.length === 1) return [{ name: names[0], size: 250, x: 240, y: cy }];
  if (names.length === 2) {
    const left = r() < 0.5;
    return [
      {
        name: names[1],
        size: 150,
        x: left ? 150 : 330,
        y: cy - 70,
        rotate: Math.round((r() - 0.5) * 24),
        flip: !left,
      },
      { name: names[0], size: 232, x: left ? 262 : 218, y: cy + 24 },
    ];
  }
  return [
    { name: names[1], size: 136, x: 142, y: cy - 70, rotate: -10 },
    { name: names[2], size: 136, x: 338, y: cy - 72, rotate: 10 },
    { name: names[0], size: 224, x: 240, y: cy + 36 },
  ];
}

// ---------------------------------------------------------------------------------------------
// Category tiles 640×400: big emoji on a diagonal gradient
// ---------------------------------------------------------------------------------------------
function tileBackground([c1, c2], seed) {
  const r = rng(seed);
  let dots = '';
  for (let i = 0; i < 18; i++) {
    dots += `<circle cx="${(r() * 640).toFixed(0)}" cy="${(r() * 400).toFixed(0)}" r="${(4 + r() * 10).toFixed(0)}" fill="#fff" opacity="${(0.08 + r() * 0.1).toFixed(2)}"/>`;
  }
  return svg(
    640,
    400,
    `<defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
      <radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#FFF6E5" stop-opacity=".75"/><stop offset="1" stop-color="#FFF6E5" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="640" height="400" fill="url(#g)"/>
    <circle cx="560" cy="40" r="140" fill="#fff" opacity=".08"/><circle cx="60" cy="380" r="120" fill="#000" opacity=".06"/>
    ${dots}
    <ellipse cx="320" cy="205" rx="250" ry="190" fill="url(#glow)"/>`,
  );
}

function tileLayout(names) {
  return [
    { name: names[1], size: 176, x: 150, y: 180, rotate: -12 },
    { name: names[2], size: 176, x: 490, y: 185, rotate: 12 },
    { name: names[0], size: 256, x: 320, y: 210, shadowOpacity: 0.4 },
  ];
}

// ---------------------------------------------------------------------------------------------
// Banners 1200×480 and coupon cards 1080×720: text centred so a centre crop stays readable
// ---------------------------------------------------------------------------------------------
const FONT = `font-family="sans-serif"`;

/** Text lines: {text, size, y, fill?, stretch?, spacing?} centred on x. */
function textBlock(lines, x) {
  return lines
    .map(
      (l) =>
        `<text x="${x}" y="${l.y}" ${FONT} font-weight="${l.weight ?? 'bold'}" font-size="${l.size}" text-anchor="middle" fill="${l.fill ?? '#FFFFFF'}"${
          l.stretch ? ` font-stretch="${l.stretch}"` : ''
        }${l.spacing ? ` letter-spacing="${l.spacing}"` : ''}>${esc(l.text)}</text>`,
    )
    .join('');
}

/** A rounded pill with centred text. */
function pill(cx, cy, w, h, text, size, bg, fg) {
  return `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="${bg}"/>
    <text x="${cx}" y="${cy + size * 0.36}" ${FONT} font-weight="bold" font-size="${size}" text-anchor="middle" fill="${fg}">${esc(text)}</text>`;
}

function bannerBackground(c1, c2, accent, seed) {
  const r = rng(seed);
  let dots = '';
  for (let i = 0; i < 30; i++) {
    dots += `<circle cx="${(r() * 1200).toFixed(0)}" cy="${(r() * 480).toFixed(0)}" r="${(3 + r() * 9).toFixed(0)}" fill="#fff" opacity="${(0.07 + r() * 0.1).toFixed(2)}"/>`;
  }
  return svg(
    1200,
    480,
    `<defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
      <radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="1200" height="480" fill="url(#g)"/>${dots}
    <circle cx="140" cy="260" r="260" fill="url(#glow)"/><circle cx="1060" cy="240" r="260" fill="url(#glow)"/>
    <ellipse cx="600" cy="240" rx="360" ry="220" fill="#000" opacity=".10"/>`,
  );
}

/** Dark translucent shadow copy of the text for legibility. */
function withShadow(markup) {
  return `<g transform="translate(0 4)" opacity=".28" style="fill:#3a1300">${markup.replace(/fill="[^"]*"/g, 'fill="#3a1300"')}</g>${markup}`;
}

const BANNERS = [
  {
    name: 'banners/2x1-hamburguesas-martes',
    colors: ['#F59E0B', '#C2410C', '#FFE08A'],
    left: [
      { name: 'burger', size: 280, x: 170, y: 250 },
      { name: 'fries', size: 150, x: 300, y: 380, rotate: 10 },
    ],
    right: [
      { name: 'burger', size: 280, x: 1030, y: 250, flip: true },
      { name: 'cheese', size: 140, x: 900, y: 385, rotate: -12 },
    ],
    text: [
      { text: '2x1', size: 150, y: 205, fill: '#FFF4D6' },
      { text: 'en hamburguesas', size: 64, y: 280, stretch: 'condensed' },
    ],
    pill: { text: 'TODOS LOS MARTES', w: 420, bg: '#FFF4D6', fg: '#B4400B' },
  },
  {
    name: 'banners/domicilio-gratis',
    colors: ['#E0483B', '#8F1D2C', '#FFB38A'],
    left: [
      { name: 'scooter', size: 260, x: 175, y: 260, flip: true },
      { name: 'package', size: 130, x: 320, y: 390, rotate: -8 },
    ],
    right: [
      { name: 'pizza', size: 250, x: 1030, y: 230 },
      { name: 'drumstick', size: 150, x: 900, y: 380, rotate: 12 },
    ],
    text: [
      { text: 'Domicilio gratis', size: 80, y: 190, stretch: 'condensed' },
      { text: 'en pedidos desde', size: 50, y: 258, fill: '#FFE3D3', stretch: 'condensed' },
      { text: '$40.000', size: 96, y: 355, fill: '#FFE08A' },
    ],
  },
  {
    name: 'banners/nueva-pizza-campina',
    colors: ['#2F5D3A', '#173A24', '#F6C453'],
    left: [
      { name: 'pizza', size: 290, x: 165, y: 245 },
      { name: 'corn', size: 140, x: 320, y: 385, rotate: -15 },
    ],
    right: [
      { name: 'mushroom', size: 150, x: 1060, y: 140, rotate: 10 },
      { name: 'bacon', size: 170, x: 1030, y: 340, rotate: -8 },
      { name: 'tomato', size: 120, x: 900, y: 410 },
    ],
    text: [
      { text: 'NUEVO', size: 40, y: 130, fill: '#F6C453', spacing: 10 },
      { text: 'Pizza Campiña', size: 96, y: 235, stretch: 'condensed' },
      {
        text: 'maíz tierno, tocineta y champiñones',
        size: 34,
        y: 300,
        fill: '#E7F3DF',
        stretch: 'condensed',
        weight: 'normal',
      },
    ],
    pill: { text: 'PÍDELA HOY', w: 300, bg: '#F6C453', fg: '#173A24', y: 370 },
  },
  {
    name: 'banners/abiertos-24-horas',
    colors: ['#3B2A6B', '#1B1437', '#FF9F5A'],
    left: [
      { name: 'store', size: 220, x: 150, y: 260 },
      { name: 'star', size: 80, x: 255, y: 105 },
    ],
    right: [
      { name: 'drumstick', size: 230, x: 1040, y: 230 },
      { name: 'coffee', size: 150, x: 905, y: 380 },
    ],
    text: [
      { text: 'Abiertos 24 horas', size: 80, y: 200, stretch: 'condensed' },
      { text: 'en nuestra sede Terminal', size: 48, y: 268, fill: '#FFD9B8', stretch: 'condensed' },
    ],
    pill: { text: 'PIDE A CUALQUIER HORA', w: 500, bg: '#FF9F5A', fg: '#1B1437', y: 345 },
  },
];

async function banner(b) {
  const [c1, c2, accent] = b.colors;
  const bg = bannerBackground(c1, c2, accent, b.name);
  const layers = await placeEmoji(
    [...b.left, ...b.right].map((i) => ({ shadowOpacity: 0.3, ...i })),
  );
  let overlay = withShadow(textBlock(b.text, 600));
  if (b.pill)
    overlay += pill(600, b.pill.y ?? 345, b.pill.w, 64, b.pill.text, 30, b.pill.bg, b.pill.fg);
  return render(1200, 480, bg, layers, 80, svg(1200, 480, overlay));
}

function cardBackground(c1, c2, seed, ticket) {
  const r = rng(seed);
  let dots = '';
  for (let i = 0; i < 34; i++) {
    dots += `<circle cx="${(r() * 1080).toFixed(0)}" cy="${(r() * 720).toFixed(0)}" r="${(3 + r() * 10).toFixed(0)}" fill="#fff" opacity="${(0.06 + r() * 0.1).toFixed(2)}"/>`;
  }
  // the card: a ticket with side notches, or a plain rounded card
  const card = ticket
    ? `<rect x="90" y="96" width="900" height="528" rx="36" fill="#3a1300" opacity=".25" filter="url(#b)"/>
       <path d="M120 80 H960 a36 36 0 0 1 36 36 V318 a42 42 0 0 0 0 84 V604 a36 36 0 0 1 -36 36 H120 a36 36 0 0 1 -36 -36 V402 a42 42 0 0 0 0 -84 V116 a36 36 0 0 1 36 -36 Z" fill="#FFF8EE"/>`
    : `<rect x="90" y="96" width="900" height="528" rx="40" fill="#0a2a1f" opacity=".25" filter="url(#b)"/>
       <rect x="84" y="80" width="912" height="560" rx="40" fill="#FFFFFF"/>`;
  return svg(
    1080,
    720,
    `<defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
      <filter id="b" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
    </defs>
    <rect width="1080" height="720" fill="url(#g)"/>${dots}${card}`,
  );
}

async function couponCard(slug, title) {
  const bg = cardBackground('#F7A531', '#D9452B', `cupon-${slug}`, true);
  const layers = await placeEmoji([
    { name: 'gift', size: 200, x: 150, y: 120, rotate: -12, shadowOpacity: 0.3 },
    { name: 'burger', size: 220, x: 915, y: 600, shadowOpacity: 0.3 },
    { name: 'fries', size: 140, x: 1010, y: 500, rotate: 12, shadowOpacity: 0.3 },
    { name: 'sparkles', size: 110, x: 960, y: 130, shadow: false },
  ]);
  const overlay = svg(
    1080,
    720,
    `
    ${textBlock([{ text: BRAND.toUpperCase(), size: 30, y: 170, fill: '#D9452B', spacing: 6 }], 540)}
    ${textBlock([{ text: '10%', size: 190, y: 360, fill: '#C2410C' }], 540)}
    ${textBlock(
      [
        {
          text: 'de descuento en tu primer pedido',
          size: 46,
          y: 430,
          fill: '#3A1F12',
          stretch: 'condensed',
        },
      ],
      540,
    )}
    ${pill(540, 525, 30 * 0.62 * `Sede ${title}`.length + 160, 72, `Sede ${title}`, 34, '#D9452B', '#FFFFFF')}`,
  );
  return render(1080, 720, bg, layers, 80, overlay);
}

async function confirmationCard(slug, title) {
  const bg = cardBackground('#34B38A', '#14664F', `confirmacion-${slug}`, false);
  const layers = await placeEmoji([
    { name: 'party', size: 200, x: 160, y: 130, shadowOpacity: 0.3 },
    { name: 'email', size: 190, x: 935, y: 600, rotate: -8, shadowOpacity: 0.3 },
    { name: 'check', size: 150, x: 540, y: 195, shadowOpacity: 0.3 },
    { name: 'sparkles', size: 100, x: 955, y: 130, shadow: false },
  ]);
  const overlay = svg(
    1080,
    720,
    `
    ${textBlock(
      [
        { text: '¡Listo!', size: 120, y: 400, fill: '#14664F' },
        {
          text: 'Tu cupón llegará a tu correo',
          size: 50,
          y: 475,
          fill: '#1F2A24',
          stretch: 'condensed',
        },
        { text: `${BRAND} · Sede ${title}`, size: 30, y: 545, fill: '#2F8F6E', weight: 'normal' },
      ],
      540,
    )}`,
  );
  return render(1080, 720, bg, layers, 80, overlay);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
const written = new Map(); // logical name -> URL path
const keep = new Set(); // absolute paths written this run

async function save(name, buf) {
  const hash = createHash('sha256').update(buf).digest('hex').slice(0, 8);
  const file = path.join(OUT_DIR, `${name}.${hash}.webp`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buf);
  keep.add(file);
  written.set(name, `/images/${name}.${hash}.webp`);
  return buf.length;
}

async function main() {
  for (const [slug, cat, names] of PRODUCTS) {
    const theme = THEMES[cat];
    if (!theme) throw new Error(`no theme for ${cat}`);
    const layers = await placeEmoji(productLayout(names, slug, theme.surface));
    await save(
      `products/${slug}`,
      await render(480, 480, productBackground(theme, slug), layers, 78),
    );
  }
  for (const [slug, names] of CATEGORIES) {
    const layers = await placeEmoji(tileLayout(names));
    await save(
      `categories/${slug}`,
      await render(640, 400, tileBackground(THEMES[slug].tile, slug), layers, 78),
    );
  }
  for (const b of BANNERS) await save(b.name, await banner(b));
  for (const [slug, title] of BRANCHES) {
    await save(`coupons/cupon-${slug}`, await couponCard(slug, title));
    await save(`coupons/confirmacion-${slug}`, await confirmationCard(slug, title));
  }

  // delete stale outputs of older runs
  for (const dir of ['products', 'categories', 'banners', 'coupons']) {
    const d = path.join(OUT_DIR, dir);
    for (const f of fs.readdirSync(d)) {
      const p = path.join(d, f);
      // Canonical files only: the sized copies are writeImageVariants' to keep or delete.
      if (f.endsWith('.webp') && !/\.w\d+\.webp$/.test(f) && !keep.has(p)) fs.unlinkSync(p);
    }
  }

  // The AVIF/WebP copies at the widths the storefront shows (packages/shared/src/image-variants.ts).
  await writeImageVariants();

  const json = Object.fromEntries([...written.entries()].sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(JSON_OUT, JSON.stringify(json, null, 2) + '\n');

  let total = 0;
  const sizes = {};
  for (const p of keep) {
    const s = fs.statSync(p).size;
    total += s;
    const dir = path.basename(path.dirname(p));
    sizes[dir] = (sizes[dir] ?? 0) + s;
  }
  for (const [dir, s] of Object.entries(sizes))
    console.log(`${dir.padEnd(11)} ${(s / 1024).toFixed(0).padStart(5)} KB`);
  console.log(
    `${keep.size} images, ${(total / 1024).toFixed(0)} KB total -> ${path.relative(ROOT, OUT_DIR)}`,
  );
}

await main();
