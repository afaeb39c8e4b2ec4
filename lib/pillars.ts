// The four longevity pillars (SPEC §2), in the order the overview carousel and the dashboard show them.

export type PillarSection = { heading: string; paragraphs: readonly string[] };

export type Pillar = {
  slug: 'fuel_and_build' | 'recharge_and_strengthen' | 'connect_and_lead' | 'master_your_mind';
  title: string;
  /** What the pillar covers, e.g. "Nutrition and exercise". */
  focus: string;
  /** One or two sentences for the overview slide. */
  summary: string;
  image: { src: string; alt: string };
  sections: readonly PillarSection[];
};

export const PILLARS = [
  {
    slug: 'fuel_and_build',
    title: 'Fuel & Build',
    focus: 'Nutrition and exercise',
    summary:
      'Eat enough protein and whole foods, lift heavy things a few times a week and keep moving every day: muscle and fitness are two of the strongest predictors of a long, healthy life.',
    image: { src: '/pillars/fuel-and-build.svg', alt: 'A balanced plate of food beside a dumbbell' },
    sections: [
      {
        heading: 'Build and keep muscle',
        paragraphs: [
          'Muscle mass and strength fall from your thirties onwards, and both track closely with how well you age. Train every major muscle group at least twice a week with compound lifts such as squats, presses, rows and hinges, adding load or repetitions gradually.',
          'Aim for about 150 to 300 minutes of moderate cardio a week, including some harder efforts. Cardiorespiratory fitness is one of the best predictors of all-cause mortality, and it improves at any age.',
        ],
      },
      {
        heading: 'Eat for hormones and recovery',
        paragraphs: [
          'Around 1.6 g of protein per kilogram of body weight a day, spread across your meals, supports muscle growth when you train. Build plates around vegetables, fruit, whole grains, legumes, fish, eggs and lean meat.',
          'Do not cut fat too far: very low-fat diets are linked to slightly lower testosterone. Olive oil, nuts, oily fish and eggs keep intake healthy.',
        ],
      },
      {
        heading: 'Mind the big levers',
        paragraphs: [
          'Excess body fat, especially around the waist, is one of the most common reasons for low testosterone, and losing it often raises levels. Alcohol lowers testosterone and disrupts sleep, so keep it occasional.',
          'Supplements such as vitamin D or zinc help mainly when you are deficient; a blood test tells you whether you are.',
        ],
      },
    ],
  },
  {
    slug: 'recharge_and_strengthen',
    title: 'Recharge & Strengthen',
    focus: 'Sleep and stress management',
    summary:
      'Most of your daily testosterone is released during sleep. Protect seven to nine hours a night and give your nervous system regular chances to recover from stress.',
    image: { src: '/pillars/recharge-and-strengthen.svg', alt: 'A crescent moon and stars over calm waves' },
    sections: [
      {
        heading: 'Make sleep non-negotiable',
        paragraphs: [
          'In a well-known study, young men limited to five hours of sleep a night for one week had 10 to 15% lower daytime testosterone. Aim for seven to nine hours, with a consistent wake-up time, even at weekends.',
          'Get daylight in the morning, keep the bedroom cool, dark and quiet, stop caffeine about eight hours before bed, and leave screens and work out of the last hour of the day.',
        ],
      },
      {
        heading: 'Take snoring seriously',
        paragraphs: [
          'Loud snoring, pauses in breathing or heavy daytime sleepiness can point to sleep apnoea, which is common in men and linked to low testosterone and heart disease. It is very treatable, so talk to your doctor.',
        ],
      },
      {
        heading: 'Manage stress, not just work through it',
        paragraphs: [
          'Long-running stress keeps cortisol high, which works against testosterone, sleep and recovery. Short daily practices help: five minutes of slow breathing, a walk outside or a proper break between blocks of work.',
          'Plan recovery into training as deliberately as the hard sessions. A falling heart-rate variability trend is a useful signal to ease off for a few days.',
        ],
      },
    ],
  },
  {
    slug: 'connect_and_lead',
    title: 'Connect & Lead',
    focus: 'Social connections, purpose and drive',
    summary:
      'Strong relationships and a clear sense of purpose are linked to longer lives. Invest in the people around you and in goals that get you out of bed with energy.',
    image: { src: '/pillars/connect-and-lead.svg', alt: 'Three connected people beneath a flag on a hilltop' },
    sections: [
      {
        heading: 'Relationships are a health habit',
        paragraphs: [
          'A large review of studies covering more than 300,000 people found that those with stronger social relationships were about 50% more likely to survive over the follow-up period, an effect comparable to quitting smoking.',
          'Many men let friendships drift as work and family grow. Put time with friends in the diary, join a team, club or training group, and keep in touch with the people who matter.',
        ],
      },
      {
        heading: 'Find your purpose',
        paragraphs: [
          'A strong sense of purpose is associated with lower mortality and better heart health in later life. Purpose does not have to be grand: mentoring, volunteering, building something or looking after family all count.',
          'Set one meaningful goal each week and review it. Progress you can see fuels motivation.',
        ],
      },
      {
        heading: 'Listen to your drive',
        paragraphs: [
          'Low motivation, low libido and fatigue that do not lift with better sleep and training can be signs of low testosterone or another treatable condition. Track them in your check-ins and get a blood test if they persist.',
        ],
      },
    ],
  },
  {
    slug: 'master_your_mind',
    title: 'Master Your Mind',
    focus: 'Mindset, joy and fulfilment',
    summary:
      'How you think shapes how you live. An optimistic, curious mindset, regular moments of joy and work that fulfils you all support a healthier, longer life.',
    image: { src: '/pillars/master-your-mind.svg', alt: 'A head in profile with a rising sun inside' },
    sections: [
      {
        heading: 'Train your mindset',
        paragraphs: [
          'Optimism is associated with a lower risk of cardiovascular events and death in large studies. It can be practised: notice unhelpful thoughts, question them and replace them with a realistic next step.',
          'Ten minutes of mindfulness or breathing practice a day improves stress and mood for many people. Consistency matters more than length.',
        ],
      },
      {
        heading: 'Make room for joy',
        paragraphs: [
          'Schedule things you enjoy for their own sake: a hobby, time outdoors, music, play with your children. Activities that absorb you fully are some of the most restorative hours in a week.',
          'Limit the news and social feeds that leave you drained, and write down three things that went well at the end of the day.',
        ],
      },
      {
        heading: 'Look after your mental health',
        paragraphs: [
          'Low mood and low testosterone are linked in both directions. If you feel down, irritable or flat for more than two weeks, talk to your doctor or a mental health professional. Asking for help is a strength.',
        ],
      },
    ],
  },
] as const satisfies readonly Pillar[];

export type PillarSlug = Pillar['slug'];

export function getPillar(slug: PillarSlug): Pillar {
  const pillar = PILLARS.find((p) => p.slug === slug);
  // The slug type only admits the four entries above, so this cannot happen at run time.
  if (!pillar) throw new Error(`Unknown pillar: ${slug}`);
  return pillar;
}
