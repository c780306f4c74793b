import { type MotifName, type Palette, type Rng, gear, heartPath, isoBox, r1, rocketShape, roundedRect, sparkle } from "./shared";

// ---------------------------------------------------------------------------------------------
// Motifs: each draws into a roughly 560 x 560 box with its origin at the top-left.
// ---------------------------------------------------------------------------------------------

function motifShopify(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Storefront in the back.
  const sx = r.range(170, 230);
  const sy = r.range(40, 90);
  const sw = 300;
  out.push(roundedRect(sx, sy + 70, sw, 250, 14, `fill="${p.light}" opacity="0.16"`));
  out.push(roundedRect(sx + 30, sy + 150, 90, 170, 8, `fill="${p.deep}" opacity="0.35"`));
  out.push(roundedRect(sx + 150, sy + 150, 120, 80, 8, `fill="${p.light}" opacity="0.22"`));
  // Striped awning with scallops.
  const stripes = 6;
  const stripeW = sw / stripes;
  for (let i = 0; i < stripes; i++) {
    const fill = i % 2 === 0 ? p.accent : p.light;
    out.push(
      `<rect x="${r1(sx + i * stripeW)}" y="${r1(sy + 20)}" width="${r1(stripeW)}" height="60" fill="${fill}" opacity="${i % 2 === 0 ? 0.95 : 0.85}"/>`,
    );
    out.push(
      `<circle cx="${r1(sx + i * stripeW + stripeW / 2)}" cy="${r1(sy + 80)}" r="${r1(stripeW / 2)}" fill="${fill}" opacity="${i % 2 === 0 ? 0.95 : 0.85}"/>`,
    );
  }
  out.push(roundedRect(sx - 10, sy, sw + 20, 26, 8, `fill="${p.light}"`));

  // Big shopping bag in front.
  const bx = r.range(40, 110);
  const by = r.range(250, 300);
  const bw = r.range(210, 240);
  const bh = bw * 1.05;
  out.push(
    `<path d="M${r1(bx + bw * 0.3)} ${r1(by + 10)} V${r1(by - 20)} a${r1(bw * 0.2)} ${r1(bw * 0.2)} 0 0 1 ${r1(bw * 0.4)} 0 V${r1(by + 10)}" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M${r1(bx)} ${r1(by)} H${r1(bx + bw)} L${r1(bx + bw + 14)} ${r1(by + bh)} Q${r1(bx + bw + 16)} ${r1(by + bh + 18)} ${r1(bx + bw - 4)} ${r1(by + bh + 18)} H${r1(bx + 4)} Q${r1(bx - 16)} ${r1(by + bh + 18)} ${r1(bx - 14)} ${r1(by + bh)} Z" fill="url(#motifGrad)"/>`,
  );
  out.push(
    `<path d="M${r1(bx + bw * 0.3)} ${r1(by + 34)} a${r1(bw * 0.2)} ${r1(bw * 0.2)} 0 0 0 ${r1(bw * 0.4)} 0" fill="none" stroke="${p.deep}" stroke-width="10" stroke-linecap="round" opacity="0.55"/>`,
  );
  out.push(`<circle cx="${r1(bx + bw * 0.3)}" cy="${r1(by + 34)}" r="9" fill="${p.deep}" opacity="0.6"/>`);
  out.push(`<circle cx="${r1(bx + bw * 0.7)}" cy="${r1(by + 34)}" r="9" fill="${p.deep}" opacity="0.6"/>`);

  // Price tag and coins.
  const tx = r.range(380, 450);
  const ty = r.range(380, 440);
  out.push(
    `<g transform="rotate(${r1(r.range(-25, 25))} ${r1(tx)} ${r1(ty)})"><path d="M${r1(tx - 40)} ${r1(ty - 26)} H${r1(tx + 30)} L${r1(tx + 56)} ${r1(ty)} L${r1(tx + 30)} ${r1(ty + 26)} H${r1(tx - 40)} Z" fill="${p.accent2}"/><circle cx="${r1(tx + 28)}" cy="${r1(ty)}" r="7" fill="${p.deep}" opacity="0.7"/><rect x="${r1(tx - 28)}" y="${r1(ty - 6)}" width="38" height="12" rx="6" fill="${p.deep}" opacity="0.45"/></g>`,
  );
  for (let i = 0; i < 3; i++) {
    const cx = r.range(20, 520);
    const cy = r.range(20, 540);
    const rad = r.range(10, 22);
    out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rad)}" fill="none" stroke="${p.accent}" stroke-width="4" opacity="0.6"/>`);
  }
  return out.join("\n");
}

export function motifAi(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Neural network: layers of nodes with connections.
  const layers = [r.int(3, 4), r.int(4, 5), r.int(3, 5), r.int(2, 3)];
  const x0 = r.range(40, 80);
  const dx = r.range(120, 140);
  const nodes: { x: number; y: number }[][] = layers.map((count, li) => {
    const gap = 100;
    const top = 290 - ((count - 1) * gap) / 2 + r.range(-20, 20);
    return Array.from({ length: count }, (_, i) => ({ x: x0 + li * dx, y: top + i * gap }));
  });
  const lines: string[] = [];
  for (let li = 0; li < nodes.length - 1; li++) {
    for (const a of nodes[li]) {
      for (const b of nodes[li + 1]) {
        const hot = r.chance(0.22);
        lines.push(
          `<line x1="${r1(a.x)}" y1="${r1(a.y)}" x2="${r1(b.x)}" y2="${r1(b.y)}" stroke="${hot ? p.accent : p.light}" stroke-width="${hot ? 3.5 : 2}" opacity="${hot ? 0.85 : 0.22}"/>`,
        );
      }
    }
  }
  out.push(lines.join(""));
  for (const layer of nodes) {
    for (const n of layer) {
      const big = r.chance(0.35);
      out.push(
        `<circle cx="${r1(n.x)}" cy="${r1(n.y)}" r="${big ? 22 : 15}" fill="${big ? "url(#motifGrad)" : p.deep}" stroke="${p.accent}" stroke-width="4"/>`,
      );
      if (big)
        out.push(`<circle cx="${r1(n.x)}" cy="${r1(n.y)}" r="36" fill="none" stroke="${p.accent}" stroke-width="2" opacity="0.35"/>`);
    }
  }
  // Chat bubbles.
  const bubble = (x: number, y: number, w: number, h: number, fill: string, tailLeft: boolean, content: string) => {
    const tail = tailLeft
      ? `M${r1(x + 26)} ${r1(y + h - 2)} L${r1(x + 10)} ${r1(y + h + 26)} L${r1(x + 56)} ${r1(y + h - 2)} Z`
      : `M${r1(x + w - 26)} ${r1(y + h - 2)} L${r1(x + w - 10)} ${r1(y + h + 26)} L${r1(x + w - 56)} ${r1(y + h - 2)} Z`;
    return `<g>${roundedRect(x, y, w, h, 22, `fill="${fill}"`)}<path d="${tail}" fill="${fill}"/>${content}</g>`;
  };
  const b1x = r.range(250, 320);
  const b1y = r.range(20, 60);
  out.push(
    bubble(
      b1x,
      b1y,
      200,
      86,
      p.light,
      false,
      [0, 1, 2].map((i) => `<circle cx="${r1(b1x + 62 + i * 38)}" cy="${r1(b1y + 43)}" r="10" fill="${p.mid}"/>`).join(""),
    ),
  );
  const b2x = r.range(0, 60);
  const b2y = r.range(430, 470);
  out.push(
    bubble(
      b2x,
      b2y,
      260,
      80,
      "url(#motifGrad)",
      true,
      `<rect x="${r1(b2x + 24)}" y="${r1(b2y + 22)}" width="170" height="12" rx="6" fill="${p.deep}" opacity="0.55"/><rect x="${r1(b2x + 24)}" y="${r1(b2y + 46)}" width="110" height="12" rx="6" fill="${p.deep}" opacity="0.4"/>`,
    ),
  );
  out.push(sparkle(r.range(470, 530), r.range(160, 240), 26, p.light, 0.9));
  out.push(sparkle(r.range(200, 260), r.range(380, 420), 14, p.accent, 0.9));
  return out.join("\n");
}

export function motifAutomation(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Big gear behind.
  const gx = r.range(360, 440);
  const gy = r.range(120, 200);
  out.push(gear(gx, gy, 120, 10, `fill="${p.light}" opacity="0.12"`));
  out.push(`<circle cx="${r1(gx)}" cy="${r1(gy)}" r="42" fill="${p.deep}" opacity="0.25"/>`);
  out.push(gear(r.range(90, 140), r.range(440, 500), 60, 8, `fill="${p.accent}" opacity="0.22"`));
  // Workflow nodes connected by flow lines.
  const cards = [
    { x: r.range(10, 50), y: r.range(70, 120) },
    { x: r.range(240, 290), y: r.range(220, 270) },
    { x: r.range(30, 80), y: r.range(330, 370) },
    { x: r.range(300, 350), y: r.range(420, 470) },
  ];
  const w = 190;
  const h = 78;
  const flows: string[] = [];
  const connect = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const ax = a.x + w;
    const ay = a.y + h / 2;
    const bx = b.x;
    const by = b.y + h / 2;
    if (bx > ax) {
      flows.push(
        `<path d="M${r1(ax)} ${r1(ay)} C${r1(ax + 80)} ${r1(ay)} ${r1(bx - 80)} ${r1(by)} ${r1(bx)} ${r1(by)}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>`,
      );
    } else {
      // Loop round from the bottom of a to the top of b.
      const sx = a.x + w / 2;
      const sy = a.y + h;
      const ex = b.x + w / 2;
      const ey = b.y;
      flows.push(
        `<path d="M${r1(sx)} ${r1(sy)} C${r1(sx)} ${r1(sy + 60)} ${r1(ex)} ${r1(ey - 60)} ${r1(ex)} ${r1(ey)}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round" stroke-dasharray="2 14"/>`,
      );
    }
  };
  connect(cards[0], cards[1]);
  connect(cards[1], cards[2]);
  connect(cards[2], cards[3]);
  out.push(flows.join(""));
  cards.forEach((c, i) => {
    const primary = i === 1;
    out.push(roundedRect(c.x, c.y, w, h, 18, `fill="${primary ? "url(#motifGrad)" : p.light}" opacity="${primary ? 1 : 0.92}"`));
    out.push(
      `<circle cx="${r1(c.x + 39)}" cy="${r1(c.y + h / 2)}" r="20" fill="${primary ? p.deep : p.mid}" opacity="${primary ? 0.7 : 0.9}"/>`,
    );
    if (i === 0) {
      out.push(
        `<path d="M${r1(c.x + 42)} ${r1(c.y + 24)} L${r1(c.x + 32)} ${r1(c.y + 42)} H${r1(c.x + 41)} L${r1(c.x + 36)} ${r1(c.y + 56)} L${r1(c.x + 48)} ${r1(c.y + 36)} H${r1(c.x + 39)} Z" fill="${p.accent}"/>`,
      );
    } else {
      out.push(`<circle cx="${r1(c.x + 39)}" cy="${r1(c.y + h / 2)}" r="7" fill="${primary ? p.accent : p.light}"/>`);
    }
    out.push(roundedRect(c.x + 72, c.y + 24, r.range(70, 96), 11, 5.5, `fill="${primary ? p.deep : p.mid}" opacity="0.6"`));
    out.push(roundedRect(c.x + 72, c.y + 44, r.range(40, 70), 11, 5.5, `fill="${primary ? p.deep : p.mid}" opacity="0.35"`));
    // Connector dots.
    out.push(`<circle cx="${r1(c.x + w)}" cy="${r1(c.y + h / 2)}" r="8" fill="${p.accent2}" stroke="${p.deep}" stroke-width="3"/>`);
    out.push(`<circle cx="${r1(c.x)}" cy="${r1(c.y + h / 2)}" r="8" fill="${p.accent2}" stroke="${p.deep}" stroke-width="3"/>`);
  });
  return out.join("\n");
}

export function motifFulfillment(r: Rng, p: Palette): string {
  const out: string[] = [];
  const colors = { top: p.light, left: p.accent, right: p.mid, tape: p.accent2 };
  const alt = { top: "#f5e6c8", left: "#d6b67a", right: "#a8864a", tape: p.accent };
  // Dashed delivery route with a pin.
  const rx = r.range(20, 60);
  out.push(
    `<path d="M${r1(rx)} 520 C ${r1(rx + 160)} ${r1(r.range(380, 460))} ${r1(r.range(260, 340))} 560 520 ${r1(r.range(420, 480))}" fill="none" stroke="${p.light}" stroke-width="5" stroke-dasharray="4 16" stroke-linecap="round" opacity="0.7"/>`,
  );
  const px = r.range(430, 500);
  const py = r.range(60, 120);
  out.push(
    `<path d="M${r1(px)} ${r1(py + 70)} C${r1(px - 14)} ${r1(py + 48)} ${r1(px - 38)} ${r1(py + 30)} ${r1(px - 38)} ${r1(py + 4)} a38 38 0 0 1 76 0 C${r1(px + 38)} ${r1(py + 30)} ${r1(px + 14)} ${r1(py + 48)} ${r1(px)} ${r1(py + 70)} Z" fill="${p.accent2}"/>`,
  );
  out.push(`<circle cx="${r1(px)}" cy="${r1(py + 4)}" r="14" fill="${p.deep}" opacity="0.7"/>`);
  // Stack of boxes.
  const bx = r.range(150, 200);
  const by = r.range(300, 330);
  out.push(isoBox(bx, by, 170, 170, 150, colors));
  out.push(isoBox(bx + 150, by + 80, 130, 130, 115, alt));
  out.push(isoBox(bx - 60, by - 150, 140, 140, 125, r.chance(0.5) ? alt : colors));
  out.push(isoBox(bx - 140, by + 60, 110, 110, 95, colors));
  // Check badge.
  const cx = r.range(60, 110);
  const cy = r.range(60, 110);
  out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="34" fill="${p.light}"/>`);
  out.push(
    `<path d="M${r1(cx - 15)} ${r1(cy + 1)} L${r1(cx - 4)} ${r1(cy + 12)} L${r1(cx + 16)} ${r1(cy - 10)}" fill="none" stroke="${p.mid}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  return out.join("\n");
}

export function motifLovable(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Code window.
  const wx = r.range(60, 110);
  const wy = r.range(90, 130);
  const ww = 380;
  const wh = 300;
  out.push(roundedRect(wx, wy, ww, wh, 24, `fill="${p.deep}" opacity="0.55" stroke="${p.light}" stroke-opacity="0.35" stroke-width="2"`));
  out.push(`<path d="M${r1(wx)} ${r1(wy + 48)} H${r1(wx + ww)}" stroke="${p.light}" stroke-opacity="0.25" stroke-width="2"/>`);
  ["#fb7185", "#fbbf24", "#34d399"].forEach((c, i) =>
    out.push(`<circle cx="${r1(wx + 30 + i * 26)}" cy="${r1(wy + 24)}" r="8" fill="${c}"/>`),
  );
  const codeColors = [p.accent, p.light, p.accent2, "#c4b5fd"];
  for (let i = 0; i < 7; i++) {
    const indent = [0, 1, 2, 2, 1, 2, 0][i] * 28;
    let x = wx + 30 + indent;
    const y = wy + 72 + i * 30;
    const parts = r.int(1, 3);
    for (let k = 0; k < parts; k++) {
      const len = r.range(30, 100);
      if (x + len > wx + ww - 30) break;
      out.push(roundedRect(x, y, len, 12, 6, `fill="${r.pick(codeColors)}" opacity="${r1(r.range(0.55, 0.95))}"`));
      x += len + 14;
    }
  }
  // Giant brackets "</>".
  const cx = r.range(300, 360);
  const cy = r.range(400, 440);
  const s = 1;
  out.push(`<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${s})" fill="none" stroke="url(#motifGrad)" stroke-width="26" stroke-linecap="round" stroke-linejoin="round">
<path d="M-90 -60 L-160 0 L-90 60"/><path d="M90 -60 L160 0 L90 60"/><path d="M30 -80 L-30 80"/></g>`);
  // Hearts.
  out.push(`<path d="${heartPath(r.range(440, 510), r.range(60, 110), 46)}" fill="${p.accent2}"/>`);
  out.push(`<path d="${heartPath(r.range(20, 60), r.range(440, 500), 26)}" fill="${p.light}" opacity="0.85"/>`);
  out.push(`<path d="${heartPath(r.range(470, 520), r.range(280, 330), 18)}" fill="${p.accent}" opacity="0.8"/>`);
  return out.join("\n");
}

export function motifExecution(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Target rings.
  const tx = r.range(380, 440);
  const ty = r.range(120, 170);
  [110, 80, 50, 22].forEach((rad, i) =>
    out.push(
      `<circle cx="${r1(tx)}" cy="${r1(ty)}" r="${rad}" fill="${i % 2 === 0 ? p.light : p.mid}" opacity="${i % 2 === 0 ? 0.9 : 1}"/>`,
    ),
  );
  out.push(`<circle cx="${r1(tx)}" cy="${r1(ty)}" r="10" fill="${p.accent2}"/>`);
  out.push(
    `<path d="M${r1(tx)} ${r1(ty)} L${r1(tx + 130)} ${r1(ty - 110)}" stroke="${p.accent2}" stroke-width="8" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M${r1(tx + 130)} ${r1(ty - 110)} l-6 30 l26 -8 z" fill="${p.accent2}"/>`);
  // Checklist card.
  const cx = r.range(20, 70);
  const cy = r.range(220, 260);
  out.push(roundedRect(cx, cy, 330, 290, 24, `fill="${p.light}"`));
  for (let i = 0; i < 4; i++) {
    const y = cy + 40 + i * 60;
    const done = i < r.int(2, 3);
    out.push(roundedRect(cx + 28, y, 36, 36, 9, done ? `fill="${p.mid}"` : `fill="none" stroke="${p.mid}" stroke-width="4"`));
    if (done)
      out.push(
        `<path d="M${r1(cx + 36)} ${r1(y + 18)} l8 8 l14 -16" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    out.push(roundedRect(cx + 82, y + 11, r.range(120, 200), 14, 7, `fill="${p.deep}" opacity="${done ? 0.3 : 0.6}"`));
  }
  // Progress bars.
  for (let i = 0; i < 2; i++) {
    const y = r.range(300, 320) + i * 70 + 120;
    out.push(roundedRect(380, y, 160, 18, 9, `fill="${p.light}" opacity="0.25"`));
    out.push(roundedRect(380, y, r.range(70, 150), 18, 9, `fill="url(#motifGrad)"`));
  }
  return out.join("\n");
}

export function motifAnnouncements(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Megaphone.
  const mx = r.range(60, 110);
  const my = r.range(250, 300);
  out.push(`<g transform="rotate(${r1(r.range(-18, -8))} ${r1(mx + 150)} ${r1(my + 60)})">
<path d="M${r1(mx)} ${r1(my + 30)} L${r1(mx + 230)} ${r1(my - 50)} L${r1(mx + 230)} ${r1(my + 170)} L${r1(mx)} ${r1(my + 90)} Z" fill="url(#motifGrad)"/>
${roundedRect(mx - 40, my + 22, 56, 76, 16, `fill="${p.light}"`)}
${roundedRect(mx + 222, my - 62, 36, 244, 18, `fill="${p.light}"`)}
<path d="M${r1(mx + 20)} ${r1(my + 92)} L${r1(mx + 40)} ${r1(my + 170)} Q${r1(mx + 44)} ${r1(my + 184)} ${r1(mx + 58)} ${r1(my + 180)} L${r1(mx + 78)} ${r1(my + 172)} L${r1(mx + 66)} ${r1(my + 100)} Z" fill="${p.light}" opacity="0.85"/>
</g>`);
  // Sound arcs.
  const ax = mx + 300;
  const ay = my + 40;
  [50, 95, 140].forEach((rad, i) =>
    out.push(
      `<path d="M${r1(ax + rad * 0.5)} ${r1(ay - rad * 0.85)} A${rad} ${rad} 0 0 1 ${r1(ax + rad * 0.5)} ${r1(ay + rad * 0.85)}" fill="none" stroke="${i === 1 ? p.accent2 : p.light}" stroke-width="10" stroke-linecap="round" opacity="${0.9 - i * 0.2}"/>`,
    ),
  );
  // Confetti and sparkles.
  for (let i = 0; i < 9; i++) {
    const x = r.range(20, 540);
    const y = r.range(20, 220);
    const c = r.pick([p.accent, p.accent2, p.light]);
    out.push(
      `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(r.range(10, 22))}" height="8" rx="4" fill="${c}" transform="rotate(${r1(r.range(0, 180))} ${r1(x)} ${r1(y)})" opacity="0.9"/>`,
    );
  }
  out.push(sparkle(r.range(420, 500), r.range(60, 120), 30, p.accent));
  out.push(sparkle(r.range(100, 180), r.range(80, 140), 18, p.light));
  return out.join("\n");
}

export function motifBrand(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Orbit rings and stars around a big rocket taking off.
  out.push(
    `<ellipse cx="280" cy="300" rx="250" ry="110" fill="none" stroke="${p.light}" stroke-opacity="0.18" stroke-width="3" transform="rotate(-24 280 300)"/>`,
  );
  out.push(
    `<ellipse cx="280" cy="300" rx="200" ry="200" fill="none" stroke="${p.accent2}" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="3 12"/>`,
  );
  for (let i = 0; i < 14; i++) {
    out.push(
      `<circle cx="${r1(r.range(10, 550))}" cy="${r1(r.range(10, 550))}" r="${r1(r.range(1.5, 4))}" fill="${p.light}" opacity="${r1(r.range(0.4, 0.9))}"/>`,
    );
  }
  out.push(sparkle(r.range(440, 520), r.range(60, 120), 22, p.accent));
  out.push(sparkle(r.range(60, 120), r.range(420, 480), 16, p.light, 0.9));
  // Smoke puffs.
  [
    [150, 470, 46],
    [205, 500, 36],
    [110, 520, 30],
    [250, 530, 24],
  ].forEach(([x, y, rad]) => out.push(`<circle cx="${x}" cy="${y}" r="${rad}" fill="${p.light}" opacity="0.18"/>`));
  out.push(
    `<g transform="translate(290 290) rotate(40) scale(9)">${rocketShape(p.light, p.mid, p.accent2, "url(#flameGrad)", "#fff7ed")}</g>`,
  );
  return out.join("\n");
}

/** Shopify, variant: a rising sales chart with a bag and a cart. */
export function motifShopifyGrowth(r: Rng, p: Palette): string {
  const out: string[] = [];
  const baseY = 470;
  const x0 = r.range(120, 140);
  const barW = 52;
  const gap = 20;
  const heights = [90, 140, 120, 210, 290].map((h) => h * r.range(0.9, 1.1));
  out.push(roundedRect(x0 - 30, baseY, 5 * (barW + gap) + 40, 10, 5, `fill="${p.light}" opacity="0.5"`));
  const tops: [number, number][] = [];
  heights.forEach((h, i) => {
    const x = x0 + i * (barW + gap);
    out.push(
      roundedRect(
        x,
        baseY - h,
        barW,
        h,
        12,
        i === heights.length - 1 ? `fill="url(#motifGrad)"` : `fill="${p.light}" opacity="${r1(0.25 + i * 0.1)}"`,
      ),
    );
    tops.push([x + barW / 2, baseY - h - 34]);
  });
  const line = tops.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ");
  out.push(`<path d="${line}" fill="none" stroke="${p.accent2}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`);
  const [lx, ly] = tops[tops.length - 1];
  out.push(`<path d="M${r1(lx - 8)} ${r1(ly - 30)} L${r1(lx + 26)} ${r1(ly - 22)} L${r1(lx + 4)} ${r1(ly + 6)} Z" fill="${p.accent2}"/>`);
  tops
    .slice(0, -1)
    .forEach(([x, y]) => out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="9" fill="${p.deep}" stroke="${p.accent2}" stroke-width="5"/>`));
  // Small bag, top-left.
  const bx = r.range(20, 60);
  const by = r.range(60, 110);
  out.push(
    `<path d="M${r1(bx + 34)} ${r1(by + 8)} v-16 a26 26 0 0 1 52 0 v16" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round"/>`,
  );
  out.push(roundedRect(bx, by, 120, 130, 16, `fill="${p.accent}"`));
  out.push(
    `<path d="M${r1(bx + 36)} ${r1(by + 36)} a24 24 0 0 0 48 0" fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>`,
  );
  // Cart.
  const cx = r.range(40, 80);
  const cy = r.range(330, 370);
  out.push(
    `<g fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"><path d="M${r1(cx)} ${r1(cy)} h22 l18 70 h70 l14 -48 h-96"/></g>`,
  );
  out.push(
    `<circle cx="${r1(cx + 48)}" cy="${r1(cy + 92)}" r="9" fill="${p.light}"/><circle cx="${r1(cx + 100)}" cy="${r1(cy + 92)}" r="9" fill="${p.light}"/>`,
  );
  out.push(sparkle(r.range(470, 530), r.range(40, 90), 20, p.light, 0.9));
  return out.join("\n");
}

/** Shopify, variant: a phone showing a product page, with a cart badge. */
export function motifShopifyPhone(r: Rng, p: Palette): string {
  const out: string[] = [];
  const px = r.range(215, 245);
  const py = r.range(30, 50);
  const pw = 250;
  const ph = 480;
  out.push(
    roundedRect(px - 12, py - 12, pw + 24, ph + 24, 44, `fill="${p.deep}" stroke="${p.light}" stroke-opacity="0.5" stroke-width="3"`),
  );
  out.push(roundedRect(px, py, pw, ph, 32, `fill="${p.light}"`));
  out.push(roundedRect(px + pw / 2 - 40, py + 12, 80, 12, 6, `fill="${p.deep}" opacity="0.8"`));
  out.push(roundedRect(px + 20, py + 46, pw - 40, 200, 20, `fill="url(#motifGrad)"`));
  // Product silhouette: a bag on the product photo.
  const bx = px + pw / 2 - 50;
  const by = py + 110;
  out.push(
    `<path d="M${r1(bx + 28)} ${r1(by + 6)} v-14 a22 22 0 0 1 44 0 v14" fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" opacity="0.55"/>`,
  );
  out.push(roundedRect(bx, by, 100, 104, 12, `fill="${p.deep}" opacity="0.35"`));
  out.push(roundedRect(px + 20, py + 268, 170, 16, 8, `fill="${p.deep}" opacity="0.75"`));
  out.push(roundedRect(px + 20, py + 296, 120, 12, 6, `fill="${p.deep}" opacity="0.3"`));
  out.push(roundedRect(px + 20, py + 318, 150, 12, 6, `fill="${p.deep}" opacity="0.3"`));
  out.push(roundedRect(px + 20, py + 350, 84, 30, 15, `fill="${p.mid}" opacity="0.25"`));
  [0, 1, 2].forEach((i) =>
    out.push(`<circle cx="${r1(px + 140 + i * 30)}" cy="${r1(py + 365)}" r="11" fill="${[p.mid, p.accent2, p.deep][i]}" opacity="0.8"/>`),
  );
  out.push(roundedRect(px + 20, py + 400, pw - 40, 52, 26, `fill="${p.mid}"`));
  out.push(roundedRect(px + pw / 2 - 40, py + 420, 80, 12, 6, `fill="${p.light}"`));
  // Floating cart badge and price tag.
  const cx = r.range(120, 150);
  const cy = r.range(360, 400);
  out.push(`<circle cx="${r1(cx + 40)}" cy="${r1(cy + 40)}" r="62" fill="${p.accent}" stroke="${p.deep}" stroke-width="6"/>`);
  out.push(
    `<g fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"><path d="M${r1(cx + 2)} ${r1(cy + 12)} h14 l12 46 h44 l10 -32 h-62"/></g>`,
  );
  out.push(
    `<circle cx="${r1(cx + 32)}" cy="${r1(cy + 72)}" r="6" fill="${p.deep}"/><circle cx="${r1(cx + 66)}" cy="${r1(cy + 72)}" r="6" fill="${p.deep}"/>`,
  );
  out.push(`<circle cx="${r1(cx + 88)}" cy="${r1(cy - 4)}" r="18" fill="${p.accent2}" stroke="${p.deep}" stroke-width="4"/>`);
  const tx = r.range(440, 465);
  const ty = r.range(120, 180);
  out.push(
    `<g transform="rotate(${r1(r.range(-30, 10))} ${r1(tx)} ${r1(ty)})"><path d="M${r1(tx - 44)} ${r1(ty - 28)} H${r1(tx + 30)} L${r1(tx + 58)} ${r1(ty)} L${r1(tx + 30)} ${r1(ty + 28)} H${r1(tx - 44)} Z" fill="${p.accent2}"/><circle cx="${r1(tx + 28)}" cy="${r1(ty)}" r="7" fill="${p.deep}" opacity="0.7"/><rect x="${r1(tx - 30)}" y="${r1(ty - 6)}" width="40" height="12" rx="6" fill="${p.deep}" opacity="0.45"/></g>`,
  );
  return out.join("\n");
}

/** AI, variant: a conversation of chat bubbles with a small constellation. */
export function motifAiChat(r: Rng, p: Palette): string {
  const out: string[] = [];
  const bars = (x: number, y: number, widths: number[], fill: string, opacity: number) =>
    widths.map((w, i) => roundedRect(x, y + i * 26, w, 13, 6.5, `fill="${fill}" opacity="${opacity}"`)).join("");
  const a = { x: r.range(20, 60), y: r.range(40, 70) };
  out.push(roundedRect(a.x, a.y, 300, 110, 28, `fill="${p.light}"`));
  out.push(
    `<path d="M${r1(a.x + 30)} ${r1(a.y + 100)} L${r1(a.x + 16)} ${r1(a.y + 140)} L${r1(a.x + 70)} ${r1(a.y + 104)} Z" fill="${p.light}"/>`,
  );
  out.push(bars(a.x + 30, a.y + 30, [220, 160, 190].slice(0, 2), p.mid, 0.7));
  const b = { x: r.range(190, 215), y: r.range(200, 230) };
  out.push(roundedRect(b.x, b.y, 300, 150, 28, `fill="url(#motifGrad)"`));
  out.push(
    `<path d="M${r1(b.x + 270)} ${r1(b.y + 140)} L${r1(b.x + 290)} ${r1(b.y + 180)} L${r1(b.x + 226)} ${r1(b.y + 146)} Z" fill="${p.accent2}"/>`,
  );
  out.push(bars(b.x + 30, b.y + 32, [230, 190, 210, 120], p.deep, 0.55));
  const c = { x: r.range(30, 70), y: r.range(410, 440) };
  out.push(roundedRect(c.x, c.y, 170, 80, 28, `fill="${p.light}" opacity="0.92"`));
  [0, 1, 2].forEach((i) =>
    out.push(`<circle cx="${r1(c.x + 50 + i * 35)}" cy="${r1(c.y + 40)}" r="10" fill="${p.mid}" opacity="${r1(0.5 + i * 0.2)}"/>`),
  );
  // Constellation.
  const stars = Array.from({ length: 5 }, () => [r.range(380, 540), r.range(30, 170)] as [number, number]);
  stars.sort((m, n) => m[0] - n[0]);
  out.push(
    `<path d="${stars.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ")}" fill="none" stroke="${p.light}" stroke-width="2.5" opacity="0.5"/>`,
  );
  stars.forEach(([x, y], i) =>
    out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${i % 2 ? 7 : 11}" fill="${i % 2 ? p.light : p.accent}"/>`),
  );
  out.push(sparkle(r.range(380, 440), r.range(430, 500), 30, p.light, 0.95));
  out.push(sparkle(r.range(250, 300), r.range(110, 150), 14, p.accent, 0.9));
  return out.join("\n");
}

/** AI, variant: a glowing chip with circuit traces. */
export function motifAiChip(r: Rng, p: Palette): string {
  const out: string[] = [];
  const cx = 290;
  const cy = 280;
  const half = 110;
  const traces: string[] = [];
  const ends: string[] = [];
  for (let side = 0; side < 4; side++) {
    for (let k = 0; k < 4; k++) {
      const t = -half + 34 + k * ((2 * half - 68) / 3);
      const len = r.range(50, 110);
      const bend = r.range(-50, 50);
      let pts: [number, number][];
      if (side === 0)
        pts = [
          [cx + t, cy - half],
          [cx + t, cy - half - len * 0.5],
          [cx + t + bend, cy - half - len],
        ];
      else if (side === 1)
        pts = [
          [cx + half, cy + t],
          [cx + half + len * 0.5, cy + t],
          [cx + half + len, cy + t + bend],
        ];
      else if (side === 2)
        pts = [
          [cx + t, cy + half],
          [cx + t, cy + half + len * 0.5],
          [cx + t + bend, cy + half + len],
        ];
      else
        pts = [
          [cx - half, cy + t],
          [cx - half - len * 0.5, cy + t],
          [cx - half - len, cy + t + bend],
        ];
      traces.push(
        `<path d="M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(" L")}" fill="none" stroke="${p.light}" stroke-width="4" stroke-linejoin="round" opacity="0.45"/>`,
      );
      const [ex, ey] = pts[2];
      const hot = r.chance(0.35);
      ends.push(
        `<circle cx="${r1(ex)}" cy="${r1(ey)}" r="${hot ? 11 : 8}" fill="${hot ? p.accent : p.deep}" stroke="${p.light}" stroke-width="3"/>`,
      );
    }
  }
  out.push(traces.join(""), ends.join(""));
  out.push(
    `<circle cx="${cx}" cy="${cy}" r="${half * 1.7}" fill="none" stroke="${p.accent}" stroke-width="2" opacity="0.3" stroke-dasharray="4 12"/>`,
  );
  out.push(roundedRect(cx - half, cy - half, half * 2, half * 2, 34, `fill="url(#motifGrad)"`));
  out.push(roundedRect(cx - half + 26, cy - half + 26, half * 2 - 52, half * 2 - 52, 22, `fill="${p.deep}" opacity="0.55"`));
  out.push(sparkle(cx, cy, 52, p.light));
  out.push(sparkle(cx + 44, cy - 40, 16, p.accent));
  return out.join("\n");
}

/** Automation, variant: a loop of steps around interlocking gears. */
export function motifAutomationLoop(r: Rng, p: Palette): string {
  const out: string[] = [];
  const cx = 280;
  const cy = 280;
  const R = 200;
  out.push(
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-dasharray="3 16" stroke-linecap="round"/>`,
  );
  out.push(gear(cx - 30, cy + 10, 92, 10, `fill="${p.light}" opacity="0.9"`));
  out.push(`<circle cx="${cx - 30}" cy="${cy + 10}" r="30" fill="${p.mid}"/>`);
  out.push(gear(cx + 78, cy - 70, 56, 8, `fill="url(#motifGrad)"`));
  out.push(`<circle cx="${cx + 78}" cy="${cy - 70}" r="18" fill="${p.deep}" opacity="0.7"/>`);
  const start = r.range(0, Math.PI * 2);
  const steps = 4;
  for (let i = 0; i < steps; i++) {
    const a = start + (i / steps) * Math.PI * 2;
    const x = cx + Math.cos(a) * R;
    const y = cy + Math.sin(a) * R;
    // Arrowhead a little further along the loop.
    const a2 = a + Math.PI / steps;
    const ax = cx + Math.cos(a2) * R;
    const ay = cy + Math.sin(a2) * R;
    const deg = (a2 * 180) / Math.PI + 90;
    out.push(`<path d="M-12 -10 L10 0 L-12 10 Z" fill="${p.accent}" transform="translate(${r1(ax)} ${r1(ay)}) rotate(${r1(deg)})"/>`);
    out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="44" fill="${i === 0 ? p.accent2 : p.light}" stroke="${p.deep}" stroke-width="6"/>`);
    const icon = [
      `<path d="M${r1(x + 4)} ${r1(y - 22)} L${r1(x - 12)} ${r1(y + 4)} H${r1(x + 1)} L${r1(x - 4)} ${r1(y + 22)} L${r1(x + 13)} ${r1(y - 4)} H${r1(x)} Z" fill="${p.deep}"/>`,
      `${roundedRect(x - 20, y - 14, 40, 28, 5, `fill="none" stroke="${p.deep}" stroke-width="5"`)}<path d="M${r1(x - 18)} ${r1(y - 10)} L${r1(x)} ${r1(y + 4)} L${r1(x + 18)} ${r1(y - 10)}" fill="none" stroke="${p.deep}" stroke-width="5" stroke-linejoin="round"/>`,
      `<path d="M${r1(x - 15)} ${r1(y + 1)} L${r1(x - 4)} ${r1(y + 12)} L${r1(x + 16)} ${r1(y - 10)}" fill="none" stroke="${p.deep}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="19" fill="none" stroke="${p.deep}" stroke-width="5"/><path d="M${r1(x)} ${r1(y - 10)} V${r1(y)} L${r1(x + 8)} ${r1(y + 6)}" fill="none" stroke="${p.deep}" stroke-width="5" stroke-linecap="round"/>`,
    ][i];
    out.push(icon);
  }
  return out.join("\n");
}

/** Execution, variant: a calendar of ticked-off days and a clock. */
export function motifExecutionCalendar(r: Rng, p: Palette): string {
  const out: string[] = [];
  const x = r.range(40, 80);
  const y = r.range(70, 100);
  const w = 380;
  const h = 350;
  out.push(roundedRect(x, y, w, h, 28, `fill="${p.light}"`));
  out.push(
    `<path d="M${r1(x)} ${r1(y + 28)} a28 28 0 0 1 28 -28 H${r1(x + w - 28)} a28 28 0 0 1 28 28 V${r1(y + 70)} H${r1(x)} Z" fill="url(#motifGrad)"/>`,
  );
  [0.28, 0.72].forEach((f) => out.push(roundedRect(x + w * f - 8, y - 22, 16, 44, 8, `fill="${p.deep}"`)));
  const cols = 5;
  const rows = 4;
  const cw = (w - 60) / cols;
  const chh = (h - 110) / rows;
  const done = r.int(9, 14);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = j * cols + i;
      const cx = x + 30 + i * cw + cw / 2;
      const cy = y + 92 + j * chh + chh / 2;
      if (k < done) {
        out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(cw, chh) * 0.36)}" fill="${p.mid}"/>`);
        out.push(
          `<path d="M${r1(cx - 9)} ${r1(cy + 1)} l6 6 l12 -13" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
      } else if (k === done) {
        out.push(
          `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(cw, chh) * 0.36)}" fill="none" stroke="${p.accent2}" stroke-width="5"/>`,
        );
      } else {
        out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="5" fill="${p.deep}" opacity="0.25"/>`);
      }
    }
  }
  // Clock.
  const kx = r.range(410, 470);
  const ky = r.range(400, 450);
  out.push(`<circle cx="${r1(kx)}" cy="${r1(ky)}" r="88" fill="${p.deep}" stroke="${p.accent}" stroke-width="10"/>`);
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    out.push(`<circle cx="${r1(kx + Math.cos(a) * 66)}" cy="${r1(ky + Math.sin(a) * 66)}" r="${i % 3 === 0 ? 5 : 3}" fill="${p.light}"/>`);
  }
  const ha = r.range(0, Math.PI * 2);
  out.push(
    `<path d="M${r1(kx)} ${r1(ky)} L${r1(kx + Math.cos(ha) * 36)} ${r1(ky + Math.sin(ha) * 36)}" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M${r1(kx)} ${r1(ky)} L${r1(kx)} ${r1(ky - 54)}" stroke="${p.accent2}" stroke-width="6" stroke-linecap="round"/>`);
  out.push(`<circle cx="${r1(kx)}" cy="${r1(ky)}" r="9" fill="${p.accent2}"/>`);
  out.push(sparkle(r.range(470, 530), r.range(60, 120), 22, p.accent2, 0.95));
  return out.join("\n");
}

export type MotifFn = (r: Rng, p: Palette) => string;

/** Each theme has one or more compositions; covers of the same theme rotate through them. */
export const MOTIFS: Record<MotifName, MotifFn[]> = {
  shopify: [motifShopify, motifShopifyGrowth, motifShopifyPhone],
  ai: [motifAi, motifAiChat, motifAiChip],
  automation: [motifAutomation, motifAutomationLoop],
  fulfillment: [motifFulfillment],
  lovable: [motifLovable],
  execution: [motifExecution, motifExecutionCalendar],
  announcements: [motifAnnouncements],
  brand: [motifBrand],
};
