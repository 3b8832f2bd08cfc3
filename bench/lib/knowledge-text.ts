// A dental group's knowledge base, generated: offices with hours and parking, treatments with
// prices, dentists, insurance, policies and FAQs, in varied words, so the benchmark searches
// text shaped like what businesses upload (not one sentence repeated 1,000 times).
import { createRandom } from 'api/src/db/seed-data';

type Random = ReturnType<typeof createRandom>;

const OFFICES = ['Riverside', 'Hillcrest', 'Downtown', 'Maple Grove', 'Lakeview', 'Oak Park', 'Harbor Point', 'Westfield', 'Cedar Ridge', 'Old Town'];
const STREETS = ['Main Street', 'Elm Avenue', 'Harbor Road', 'Pine Boulevard', 'Market Square', 'Sunset Drive', 'Mill Lane', 'Church Street'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TREATMENTS = [
  'cleaning', 'deep cleaning', 'whitening', 'filling', 'crown', 'bridge', 'root canal', 'extraction', 'wisdom tooth removal',
  'implant', 'veneer', 'night guard', 'sports mouth guard', 'sealant', 'fluoride treatment', 'x-ray', 'panoramic x-ray',
  'gum graft', 'scaling and root planing', 'denture', 'partial denture', 'Invisalign consultation', 'braces check-up', 'retainer',
  'bonding', 'inlay', 'onlay', 'emergency exam', 'oral cancer screening', 'sedation',
];
const DENTISTS = ['Dr. Amelia Hart', 'Dr. Rafael Ortiz', 'Dr. Priya Raman', 'Dr. Owen Fischer', 'Dr. Grace Okafor', 'Dr. Daniel Weiss',
  'Dr. Hannah Cole', 'Dr. Marcus Lee', 'Dr. Sofia Russo', 'Dr. Ethan Brooks'];
const SPECIALTIES = ['children\'s dentistry', 'orthodontics', 'implants', 'gum disease', 'cosmetic dentistry', 'root canals',
  'anxious patients', 'oral surgery', 'dentures', 'sleep apnea appliances'];
const INSURERS = ['Delta Dental', 'Cigna', 'Aetna', 'MetLife', 'Guardian', 'Humana', 'United Concordia', 'Ameritas', 'Principal', 'Medicaid'];
const LANGUAGES = ['Spanish', 'Mandarin', 'Vietnamese', 'French', 'Tagalog', 'Arabic', 'Portuguese', 'Korean'];

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `An ${noun}` : `A ${noun}`);
const twoDays = (r: Random) => {
  const first = r.int(0, 5);
  return `${DAYS[first]}s and ${DAYS[r.int(first + 1, 6)]}s`;
};
const hour = (h: number) => (h === 12 ? 'noon' : h < 12 ? `${h} am` : `${h - 12} pm`);

const generators: Array<(r: Random) => string> = [
  (r) => {
    const office = r.pick(OFFICES);
    const open = r.int(7, 9);
    const close = r.int(16, 19);
    return `Opening hours at the ${office} office: Monday to Friday from ${hour(open)} to ${hour(close)}. On Saturday we open from ${hour(r.int(8, 10))} to ${hour(r.int(12, 14))}. ${r.pick(['We are closed on Sundays and public holidays.', 'Sunday appointments are for emergencies only.', 'On holidays the phone line goes to our on-call dentist.'])}`;
  },
  (r) => {
    const office = r.pick(OFFICES);
    return `The ${office} office is at ${r.int(10, 980)} ${r.pick(STREETS)}. ${r.pick([
      'Free parking is behind the building, with two accessible spaces by the entrance.',
      'Street parking is metered until 6 pm; the garage across the road validates tickets for patients.',
      'Bus lines 4 and 12 stop right outside, and there is a bike rack by the door.',
    ])} ${r.pick(['The entrance has a ramp and the treatment rooms are on the ground floor.', 'Take the elevator to the second floor; reception is on the left.'])}`;
  },
  (r) => {
    const treatment = r.pick(TREATMENTS);
    const price = r.int(4, 120) * 10;
    return `${article(treatment)} costs $${price} without insurance and takes about ${r.int(2, 12) * 5} minutes. ${r.pick([
      'Most plans cover part of it; we check your benefits before the visit.',
      'We offer a payment plan over three, six or twelve months with no interest.',
      'Members of our savings plan pay twenty percent less.',
    ])} ${r.pick(['Ask the front desk for a written estimate.', 'Prices were last updated in January.', 'Children under twelve pay half.'])}`;
  },
  (r) => {
    const dentist = r.pick(DENTISTS);
    return `${dentist} focuses on ${r.pick(SPECIALTIES)} and works at the ${r.pick(OFFICES)} office on ${twoDays(r)}. ${r.pick([
      `${dentist.split(' ')[1]} also speaks ${r.pick(LANGUAGES)}.`,
      `New patients can book a first consultation with ${dentist.split(' ')[1]} online or by phone.`,
      `${dentist.split(' ')[1]} has practised for ${r.int(5, 30)} years.`,
    ])}`;
  },
  (r) => {
    const insurer = r.pick(INSURERS);
    return `${r.pick(['Do you accept', 'Do you take', 'Are you in network with'])} ${insurer}? ${r.pick([
      `Yes, we are in network with ${insurer} and bill them directly.`,
      `We accept ${insurer} as an out-of-network provider and file the claim for you.`,
      `${insurer} plans are accepted at every office except ${r.pick(OFFICES)}.`,
    ])} Please bring your insurance card and a photo ID to your first visit.`;
  },
  (r) => r.pick([
    `If you need to cancel, please call at least ${r.int(1, 3) * 24} hours ahead. A late cancellation or a missed appointment costs $${r.int(2, 8) * 10}.`,
    `If you arrive more than ${r.int(10, 20)} minutes late we may need to move your appointment so other patients are not kept waiting.`,
    `We take cash, all major credit cards, Apple Pay and health savings account cards. Payment is due on the day of the visit.`,
    `A dental emergency such as a knocked-out tooth, swelling or severe pain is seen the same day at the ${r.pick(OFFICES)} office. Call before you come in.`,
    `Children can have their first visit from the age of ${r.int(1, 3)}. Parents may stay in the room during the exam.`,
    `We offer laughing gas and oral sedation for anxious patients; please arrange a ride home after sedation.`,
    `Digital x-rays use very little radiation, and we take them only when the dentist needs them, usually once a year.`,
    `Teeth whitening results last one to three years depending on coffee, tea and tobacco use.`,
    `After an extraction, avoid drinking through a straw for ${r.int(2, 4)} days and eat soft food.`,
    `Our hygienists recommend a cleaning every six months; patients with gum disease may need one every three months.`,
  ]),
];

/** `count` paragraphs, each one passage (short enough, ending a sentence), the same for a seed. */
export function knowledgeParagraphs(count: number, seed: number): string[] {
  const r = createRandom(seed);
  return Array.from({ length: count }, (_, i) => generators[i % generators.length]!(r));
}

/** What callers ask, with the fillers and stop words speech-to-text gives us. */
export const CALLER_TURNS = [
  'what are your opening hours on saturday',
  'Hi, um, are you open on Sundays?',
  'how much does a cleaning cost without insurance',
  'Do you take Delta Dental?',
  'I need a root canal, how much is that',
  'where can I park',
  'which bus goes to the Riverside office',
  'is there a dentist who speaks Spanish',
  'my son is three, can he come in for a check-up',
  'I have a really bad toothache and my face is swollen',
  'what happens if I cancel my appointment tomorrow',
  'can I pay with apple pay',
  'How long does whitening last?',
  'do you do implants and how much are they',
  'who works at the Hillcrest office on Thursdays',
  'I\'m nervous about the dentist, do you have sedation',
  'Is Dr. Ortiz available on Friday?',
  'what\'s the address of your downtown office',
  'do you have payment plans',
  'how often should I get my teeth cleaned',
  'yes',
  'okay thank you so much',
  'can I talk to a real person please',
  'I\'d like to book an appointment for next Tuesday at 3 pm',
  'Are you in network with Cigna or Aetna?',
  'what do I do after having a tooth pulled',
  'do you accept medicaid for kids',
  'how much is a night guard',
  'Hello? Is anybody there?',
  'what time do you close on friday at the lakeview office',
];
