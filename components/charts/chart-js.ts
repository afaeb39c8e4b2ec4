// chart.js with the parts this app's charts use registered, once: for the charts' worker (./chart.worker.ts)
// and for a page that draws them itself (./draw-here.ts).
import { BarController, BarElement, CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(LineController, BarController, CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Tooltip);

export { Chart };
