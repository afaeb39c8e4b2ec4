// The PBV ("blood volume pulse signature") pulse extractor: G. de Haan and A. van Leest, "Improved motion
// robustness of remote-PPG by using the blood volume pulse signature", Physiol. Meas. 35(9):1913–1926, 2014.
// The engine runs it beside POS and keeps whichever gives the cleaner pulse (heart-rate.ts). Why both: POS
// projects onto the plane orthogonal to [1, 1, 1], and skin's pulse signature is close to that direction,
// so POS keeps only ~10 % of the pulse's energy. That is the right trade when brightness changes (motion,
// flicker) dominate, and a poor one when sensor noise does (a small skin region, a dim room): PBV weights
// the channels by the inverse of their covariance, which keeps the full signature and suppresses whatever
// varies most, noise or motion alike.

/**
 * Relative pulsatile amplitude of red, green and blue on skin under white light (de Haan and van Leest,
 * table 1, normalised): the direction the pulse moves the normalised colour in.
 */
export const PBV_SIGNATURE: readonly [number, number, number] = [0.33, 0.77, 0.53];

/** The determinant of a 3×3 matrix (rows). */
function det3(m: readonly (readonly number[])[]): number {
  const [a, b, c] = m as [number[], number[], number[]];
  return a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) - a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) + a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
}

/**
 * The PBV pulse from channels that are already relative (each over its local mean, minus 1) and
 * band-passed to the pulse band: w = Q⁻¹·signature with Q their covariance, pulse = −w·C (reflected
 * light dims as blood volume rises; the sign makes beats peaks). All zeros when Q is singular.
 */
export function pbv(channels: readonly [Float64Array, Float64Array, Float64Array]): Float64Array {
  const n = channels[0].length;
  const out = new Float64Array(n);
  if (n < 3) return out;
  const q = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => {
      let sum = 0;
      for (let k = 0; k < n; k += 1) sum += channels[i]![k]! * channels[j]![k]!;
      return sum / n;
    }),
  );
  const d = det3(q);
  if (!(Math.abs(d) > 0)) return out;
  // Cramer's rule: w_c = det(Q with column c replaced by the signature) / det(Q).
  const w = [0, 1, 2].map((c) => det3(q.map((row, i) => row.map((v, j) => (j === c ? PBV_SIGNATURE[i]! : v)))) / d);
  for (let k = 0; k < n; k += 1) out[k] = -(w[0]! * channels[0][k]! + w[1]! * channels[1][k]! + w[2]! * channels[2][k]!);
  return out;
}
