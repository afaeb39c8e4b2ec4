// The POS ("plane orthogonal to skin") pulse extractor: W. Wang, A. C. den Brinker, S. Stuijk and
// G. de Haan, "Algorithmic Principles of Remote PPG", IEEE Trans. Biomed. Eng. 64(7):1479–1491, 2017,
// Algorithm 1. Dividing each channel by its mean over a short window removes the skin tone and the light's
// brightness; projecting onto the plane orthogonal to [1, 1, 1] then removes what changes all channels
// alike (intensity, most motion), and the pulse, which moves green far more than red, is what is left.

/** The window of the temporal normalisation: about one slow heartbeat (the paper's 1.6 s at 20 fps). */
export const POS_WINDOW_S = 1.6;

/**
 * The POS pulse signal from uniformly sampled channel means (same length, sample rate fs).
 * Each window of POS_WINDOW_S: Cn = C / mean(C); S1 = G − B, S2 = −2R + G + B (P = [[0, 1, −1], [−2, 1, 1]]);
 * h = S1 + (σ(S1)/σ(S2))·S2, the ratio tuning out whichever of the two carries the distortion;
 * overlap-added after removing its mean. Unlike the paper we divide by the number of windows covering
 * each sample, so the first and last 1.6 s keep the same scale as the rest (the live trace ends there).
 */
export function pos(r: Float64Array, g: Float64Array, b: Float64Array, fs: number): Float64Array {
  const n = r.length;
  const l = Math.max(2, Math.round(POS_WINDOW_S * fs));
  const h = new Float64Array(n);
  const cover = new Float64Array(n);
  if (n < l) return h;
  // Prefix sums make each window's channel means O(1).
  const prefix = (x: Float64Array) => {
    const p = new Float64Array(n + 1);
    for (let i = 0; i < n; i += 1) p[i + 1] = p[i]! + x[i]!;
    return p;
  };
  const [pr, pg, pb] = [prefix(r), prefix(g), prefix(b)];
  const s1 = new Float64Array(l);
  const s2 = new Float64Array(l);
  for (let m = 0; m + l <= n; m += 1) {
    const mr = (pr[m + l]! - pr[m]!) / l;
    const mg = (pg[m + l]! - pg[m]!) / l;
    const mb = (pb[m + l]! - pb[m]!) / l;
    if (!(mr > 0 && mg > 0 && mb > 0)) continue; // a black or clipped window carries no colour to normalise
    let sum1 = 0;
    let sum2 = 0;
    for (let k = 0; k < l; k += 1) {
      const rn = r[m + k]! / mr;
      const gn = g[m + k]! / mg;
      const bn = b[m + k]! / mb;
      s1[k] = gn - bn;
      s2[k] = -2 * rn + gn + bn;
      sum1 += s1[k]!;
      sum2 += s2[k]!;
    }
    const mean1 = sum1 / l;
    const mean2 = sum2 / l;
    let var1 = 0;
    let var2 = 0;
    for (let k = 0; k < l; k += 1) {
      var1 += (s1[k]! - mean1) ** 2;
      var2 += (s2[k]! - mean2) ** 2;
    }
    const alpha = var2 > 0 ? Math.sqrt(var1 / var2) : 0;
    for (let k = 0; k < l; k += 1) {
      h[m + k] = h[m + k]! + s1[k]! - mean1 + alpha * (s2[k]! - mean2);
      cover[m + k] = cover[m + k]! + 1;
    }
  }
  for (let i = 0; i < n; i += 1) if (cover[i]! > 0) h[i] = h[i]! / cover[i]!;
  return h;
}
