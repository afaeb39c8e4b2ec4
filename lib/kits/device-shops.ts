// Retailer pages linked from /order_devices (SPEC §2): one device of each kind Vitality connects to.

export type DeviceShop = {
  kind: string;
  name: string;
  description: string;
  href: `https://${string}`;
  image: { src: string; alt: string };
};

export const DEVICE_SHOPS = [
  {
    kind: 'Smart ring',
    name: 'Oura Ring',
    description:
      'Worn on your finger day and night. Tracks sleep stages, heart-rate variability, resting heart rate and temperature trends.',
    href: 'https://ouraring.com',
    image: { src: '/devices/smart-ring.svg', alt: 'Illustration of a smart ring' },
  },
  {
    kind: 'Wrist strap tracker',
    name: 'Whoop',
    description:
      'A screenless strap for your wrist. Measures strain, recovery and sleep around the clock, and lasts days on a charge.',
    href: 'https://www.whoop.com',
    image: { src: '/devices/wrist-strap.svg', alt: 'Illustration of a wrist strap tracker' },
  },
  {
    kind: 'Body scale',
    name: 'Withings',
    description:
      'A smart bathroom scale. Weight and body composition, including fat and muscle mass, synced after every weigh-in.',
    href: 'https://www.withings.com',
    image: { src: '/devices/body-scale.svg', alt: 'Illustration of a smart body scale' },
  },
] as const satisfies readonly DeviceShop[];
