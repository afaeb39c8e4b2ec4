// The Help page's questions (SPEC §2 "Help": tabs General questions, Account settings and Technical
// support). Each answer describes what this product does today.

export type Faq = { question: string; answer: string[] };
export type FaqTab = { id: 'general' | 'account' | 'technical'; label: string; questions: Faq[] };

/** Stands for the devices answer, which faqTabs writes for the install. */
const DEVICES_ANSWER = '{devices}';

const ALL_TABS: FaqTab[] = [
  {
    id: 'general',
    label: 'General questions',
    questions: [
      {
        question: 'What is the T-Score?',
        answer: [
          'The T-Score (0–100) sums up how the habits and markers linked to testosterone are going: sleep duration and sleep score, heart-rate variability and resting heart rate against your own baseline, daily steps, your weight against your goal, your check-ins (mood, energy, symptoms) and your latest total testosterone result, each with a fixed weight.',
          'It is computed from your own data only: an input you have no data for drops out, and the others share its weight. When fewer than 7 of the last 37 days have any data, it shows as inconclusive (N/A) rather than a guess. It is a lifestyle indicator, not a diagnosis.',
        ],
      },
      {
        question: 'Where do my daily actions and recommendations come from?',
        answer: [
          'They are chosen each day from your latest sleep, activity, vital signs, check-ins and goals. A built-in engine writes them; when the service is configured with an AI model, the model phrases them, and the built-in engine steps in if it is slow or unavailable.',
        ],
      },
      {
        question: 'How do the daily and weekly check-ins work?',
        answer: [
          'The daily check-in takes a minute: your mood, your energy, any symptoms, and a short reflection. One a day, from 00:00 UTC.',
          'The weekly check-in (Pulse & blood pressure) is a 45-second camera scan of your pulse, plus your cuff reading if you have one. One a week, from Monday 00:00 UTC.',
        ],
      },
      {
        question: 'Is this medical advice?',
        answer: ['No. Vitality helps you track habits and trends. It does not diagnose or treat anything. Talk to your doctor about symptoms, results that worry you, and any change to medication.'],
      },
    ],
  },
  {
    id: 'account',
    label: 'Account settings',
    questions: [
      {
        question: 'How does the 30-day free trial work?',
        answer: [
          'Your trial starts with “Start 30 day free trial” at the end of onboarding. You are not charged during the 30 days, and you can cancel any time before it ends: Settings → Subscription opens the secure billing portal.',
        ],
      },
      {
        question: 'How do I change my reminders?',
        answer: ['Settings → Notifications turns the daily and weekly reminder e-mails on or off. Every reminder also carries a one-click unsubscribe link.'],
      },
      {
        question: 'How do I change my details or switch to feet and pounds?',
        answer: [
          'My profile holds your name, date of birth, height, weights, location, e-mail and password. Changing your e-mail or password asks for your current password, and a new password signs you out on every other device.',
          'Settings → Units switches between Cm / Kg and Ft/In / Lbs; every page follows it. We always store centimetres and kilograms, so nothing is lost by switching.',
        ],
      },
      {
        question: 'How do I add my blood test results?',
        answer: [
          'My profile → Upload Blood test takes a PDF, JPEG or PNG of your lab report, up to 10 MB. From a PDF we read testosterone (total and free), SHBG, oestradiol, LH, FSH, prolactin, PSA, haematocrit, vitamin D, HbA1c, cholesterol, triglycerides and TSH, with their units, reference ranges and the collection date.',
          'You check every value before anything is saved, and can correct or add values by hand (a photo or a scanned PDF goes straight to typing them in). Your testosterone then appears on the T-Results chart and counts in your T-Score.',
        ],
      },
      {
        question: 'Can I download my data for my doctor?',
        answer: [
          'Settings → Download my data gives you a ZIP file: a spreadsheet (CSV) for each kind of record, your profile, your uploaded blood tests, and a FHIR R4 file with LOINC codes that clinical systems can import.',
        ],
      },
      {
        question: 'How do I delete my account?',
        answer: [
          'Settings → Delete account removes your profile and everything recorded for you, including uploaded files, at once. Your wearables are disconnected at Whoop, Oura or Withings and your subscription is cancelled with no further charges. This cannot be undone, so download your data first if you want to keep it.',
        ],
      },
      {
        question: 'How is my data protected?',
        answer: [
          'Passwords are stored only as argon2id hashes. Wearable access tokens are encrypted (AES-256-GCM) and never sent to your browser. The camera scan runs in your browser: only the resulting figures are saved, never video.',
        ],
      },
      {
        question: 'How do I connect or disconnect a wearable?',
        answer: [
          'Open My devices. Connect opens the provider’s own sign-in in a small window; Disconnect revokes our access at the provider where it allows and deletes our tokens. What was already synced stays in your history.',
        ],
      },
    ],
  },
  {
    id: 'technical',
    label: 'Technical support',
    questions: [
      {
        question: 'Which devices are supported, and how often do they sync?',
        answer: [DEVICES_ANSWER],
      },
      {
        question: 'A device says “Needs reconnecting”. What should I do?',
        answer: ['The provider stopped accepting our access (you may have revoked it there, or it expired). Press Reconnect on My devices and sign in again; nothing you already synced is lost.'],
      },
      {
        question: 'What does the camera scan measure?',
        answer: [
          'From small colour changes in your skin it measures heart rate, heart-rate variability (SDNN and lnRMSSD), breathing rate and a signal-quality figure. A camera alone cannot measure blood pressure: enter a cuff reading in the weekly check-in for that.',
          'For a good reading: face the camera in even light, keep your face inside the oval and stay still for the 45 seconds. If the signal is too weak, the scan says so instead of showing a number.',
        ],
      },
      {
        question: 'Which browsers work?',
        answer: [
          'Vitality is a desktop web app for current versions of Chrome, Edge, Firefox and Safari. The camera scan and voice input need permission for the camera or microphone; your browser asks the first time. On a phone you will see a notice, as the app is made for larger screens.',
        ],
      },
    ],
  },
];

/** What this install offers, as the Help page's answers need it (lib/offers/install-offers.ts). */
export type FaqOffers = { billing: boolean; /** "Whoop or Oura", '' for none. */ wearables: string; iosApp: boolean };

/** The questions as this install answers them: no trial without billing, only the wearables it connects, the iPhone app only once there is one. */
export function faqTabs({ billing, wearables, iosApp }: FaqOffers): FaqTab[] {
  const devices = [
    wearables
      ? `${wearables} ${wearables.includes(' or ') ? 'connect' : 'connects'} directly. After you connect, the last 90 days are brought in within a few minutes; new data follows when the provider notifies us, and at least every 6 hours. Sync now on My devices asks for it at once.`
      : 'Your watch, ring or scale’s own app can export its history: import that file on My devices, and your sleep, steps, heart rate and weight come in all at once.',
    iosApp
      ? 'Apple Watch data comes through Apple Health and our iOS app, with a device token you make on My devices.'
      : 'Apple Watch data comes in through an Apple Health export, imported on My devices; our iPhone app, which will sync it as you go, is not out yet.',
  ];
  return ALL_TABS.map((tab) => ({
    ...tab,
    questions: tab.questions
      .filter((faq) => billing || !faq.question.includes('free trial'))
      .map((faq) => (faq.answer[0] === DEVICES_ANSWER ? { ...faq, answer: devices } : faq)),
  }));
}
