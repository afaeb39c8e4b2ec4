// The supplement catalogue (the operator's content file: edit it and run `npm run db:seed` to update the
// tiles). Each tile links to the brand's own shop; no partner or affiliate link.
export const SUPPLEMENTS = [
  { slug: 'vitamin-d3-k2', name: 'Vitamin D3 + K2', description: 'Supports healthy testosterone levels, bone density and immune function, especially in darker months.', photoUrl: '/supplements/vitamin-d3-k2.svg', link: 'https://www.thorne.com', tags: ['testosterone', 'immunity'] },
  { slug: 'magnesium-glycinate', name: 'Magnesium Glycinate', description: 'A gentle, well-absorbed magnesium taken before bed to support deeper sleep and muscle recovery.', photoUrl: '/supplements/magnesium-glycinate.svg', link: 'https://www.pureencapsulations.com', tags: ['sleep', 'recovery'] },
  { slug: 'zinc-picolinate', name: 'Zinc Picolinate', description: 'Zinc is needed for testosterone production; useful when diet or heavy training leaves you short.', photoUrl: '/supplements/zinc-picolinate.svg', link: 'https://www.thorne.com', tags: ['testosterone'] },
  { slug: 'omega-3', name: 'Omega-3 Fish Oil', description: 'EPA and DHA for heart, brain and joint health, and to help keep inflammation in check.', photoUrl: '/supplements/omega-3.svg', link: 'https://www.nordic.com', tags: ['heart', 'inflammation'] },
  { slug: 'creatine-monohydrate', name: 'Creatine Monohydrate', description: 'The best-studied supplement for strength and lean mass, with emerging benefits for cognition.', photoUrl: '/supplements/creatine.svg', link: 'https://www.thorne.com', tags: ['strength'] },
  { slug: 'ashwagandha', name: 'Ashwagandha (KSM-66)', description: 'An adaptogen shown to lower perceived stress and cortisol, which can support testosterone.', photoUrl: '/supplements/ashwagandha.svg', link: 'https://www.jarrow.com', tags: ['stress', 'testosterone'] },
];
