/**
 * The raw material of the demo: names, departments, courses and phrase pools. Kept apart from
 * the generator so the wording can be improved without touching any logic.
 *
 * Placeholders filled by the generator: {first} (tutor's first name in biographies),
 * {tutor} (tutor's first name in reviews), {course} (course title), {code} (course code),
 * {course2} (a second course title), {topic} (something students find hard in the course), {research},
 * {role}, {department}, {years}, {since}, {students}, {language}.
 */

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'students.example.edu';

export interface DemoCourse {
  /** "CODE Title", as stored on the tutor: the code is what students type into the search box. */
  name: string;
  /** What students find hard in it, for reviews. */
  topics: readonly string[];
}

export interface DemoDepartment {
  name: string;
  courses: readonly DemoCourse[];
  /** What a tutor in this department might research, for biographies. */
  research: readonly string[];
}

export const departments: readonly DemoDepartment[] = [
  {
    name: 'Computer Science',
    courses: [
      { name: 'CS101 Introduction to Programming', topics: ['loops and functions', 'debugging', 'recursion'] },
      { name: 'CS102 Object-Oriented Programming', topics: ['inheritance', 'interfaces', 'design patterns'] },
      {
        name: 'CS201 Data Structures and Algorithms',
        topics: ['dynamic programming', 'big-O analysis', 'graph algorithms', 'hash tables'],
      },
      { name: 'CS220 Computer Architecture', topics: ['pipelining', 'cache memory', 'assembly language'] },
      {
        name: 'CS230 Discrete Mathematics for Computing',
        topics: ['proof by induction', 'combinatorics', 'graph theory'],
      },
      { name: 'CS310 Operating Systems', topics: ['concurrency', 'virtual memory', 'scheduling'] },
      { name: 'CS340 Databases', topics: ['SQL joins', 'normalisation', 'transactions'] },
      { name: 'CS370 Machine Learning', topics: ['gradient descent', 'overfitting', 'neural networks'] },
    ],
    research: [
      'privacy-preserving machine learning',
      'compiler optimisation for GPUs',
      'distributed consensus protocols',
      'accessible user interfaces',
      'formal verification of software',
      'computer vision for medical imaging',
    ],
  },
  {
    name: 'Mathematics',
    courses: [
      { name: 'MATH101 Calculus I', topics: ['limits', 'the chain rule', 'related rates'] },
      { name: 'MATH102 Calculus II', topics: ['integration by parts', 'series convergence', 'Taylor series'] },
      { name: 'MATH151 Linear Algebra', topics: ['eigenvalues', 'vector spaces', 'matrix inverses'] },
      {
        name: 'MATH201 Multivariable Calculus',
        topics: ['partial derivatives', 'double integrals', 'Lagrange multipliers'],
      },
      { name: 'MATH210 Probability', topics: ['conditional probability', "Bayes' theorem", 'random variables'] },
      {
        name: 'MATH230 Ordinary Differential Equations',
        topics: ['second-order equations', 'Laplace transforms', 'phase portraits'],
      },
      { name: 'MATH301 Real Analysis', topics: ['epsilon-delta proofs', 'uniform convergence', 'compactness'] },
      { name: 'MATH320 Abstract Algebra', topics: ['group theory', 'homomorphisms', 'rings and fields'] },
    ],
    research: [
      'algebraic topology',
      'numerical methods for fluid flow',
      'random matrix theory',
      'extremal graph theory',
      'mathematical models of epidemics',
      'analytic number theory',
    ],
  },
  {
    name: 'Physics',
    courses: [
      {
        name: 'PHYS101 Classical Mechanics',
        topics: ['rotational dynamics', 'free-body diagrams', 'conservation of momentum'],
      },
      { name: 'PHYS102 Electricity and Magnetism', topics: ["Gauss's law", 'circuits', 'electromagnetic induction'] },
      { name: 'PHYS201 Waves and Optics', topics: ['interference', 'diffraction', 'standing waves'] },
      { name: 'PHYS210 Thermal Physics', topics: ['thermodynamic cycles', 'entropy', 'the ideal gas law'] },
      {
        name: 'PHYS250 Mathematical Methods for Physics',
        topics: ['Fourier series', 'vector calculus', 'complex numbers'],
      },
      { name: 'PHYS301 Quantum Mechanics I', topics: ['the Schrödinger equation', 'operators', 'the hydrogen atom'] },
      {
        name: 'PHYS320 Electromagnetism',
        topics: ["Maxwell's equations", 'boundary conditions', 'electromagnetic waves'],
      },
    ],
    research: [
      'dark matter detection',
      'quantum optics',
      'soft condensed matter',
      'gravitational-wave data analysis',
      'solar plasma physics',
      'superconducting materials',
    ],
  },
  {
    name: 'Chemistry',
    courses: [
      { name: 'CHEM101 General Chemistry', topics: ['stoichiometry', 'equilibrium constants', 'periodic trends'] },
      { name: 'CHEM110 Laboratory Skills', topics: ['titration calculations', 'lab reports', 'error analysis'] },
      { name: 'CHEM201 Organic Chemistry I', topics: ['reaction mechanisms', 'stereochemistry', 'nomenclature'] },
      { name: 'CHEM202 Organic Chemistry II', topics: ['NMR spectra', 'carbonyl chemistry', 'multi-step synthesis'] },
      {
        name: 'CHEM220 Physical Chemistry',
        topics: ['reaction kinetics', 'chemical thermodynamics', 'molecular orbital theory'],
      },
      { name: 'CHEM240 Analytical Chemistry', topics: ['chromatography', 'spectroscopy', 'calibration curves'] },
      {
        name: 'CHEM310 Inorganic Chemistry',
        topics: ['crystal field theory', 'coordination compounds', 'point groups'],
      },
    ],
    research: [
      'catalysts for recyclable plastics',
      'protein folding',
      'battery electrolytes',
      'atmospheric chemistry',
      'the synthesis of antibiotic candidates',
      'computational chemistry',
    ],
  },
  {
    name: 'Economics',
    courses: [
      { name: 'ECON101 Principles of Microeconomics', topics: ['elasticity', 'consumer surplus', 'market structures'] },
      { name: 'ECON102 Principles of Macroeconomics', topics: ['GDP accounting', 'inflation', 'fiscal policy'] },
      {
        name: 'ECON201 Intermediate Microeconomics',
        topics: ['utility maximisation', 'general equilibrium', 'cost curves'],
      },
      { name: 'ECON202 Intermediate Macroeconomics', topics: ['IS-LM diagrams', 'the Solow model', 'monetary policy'] },
      { name: 'ECON210 Econometrics I', topics: ['regression analysis', 'hypothesis testing', 'heteroskedasticity'] },
      { name: 'ECON250 Game Theory', topics: ['Nash equilibria', 'backward induction', 'mixed strategies'] },
      { name: 'ECON320 International Trade', topics: ['comparative advantage', 'tariffs', 'exchange rates'] },
    ],
    research: [
      'labour markets and minimum wages',
      'behavioural finance',
      'development economics in East Africa',
      'auction design',
      'carbon pricing',
      'how monetary policy reaches households',
    ],
  },
  {
    name: 'History',
    courses: [
      {
        name: 'HIST101 World History since 1500',
        topics: ['the Columbian exchange', 'early modern empires', 'essay structure'],
      },
      {
        name: 'HIST120 Introduction to Historical Methods',
        topics: ['source analysis', 'historiography', 'citing primary sources'],
      },
      {
        name: 'HIST210 Modern European History',
        topics: ['the causes of the First World War', 'nationalism', 'the interwar years'],
      },
      { name: 'HIST230 The Cold War', topics: ['détente', 'the Cuban Missile Crisis', 'decolonisation'] },
      {
        name: 'HIST250 The Atlantic World',
        topics: ['the Atlantic slave trade', 'colonial economies', 'the age of revolutions'],
      },
      { name: 'HIST310 The Industrial Revolution', topics: ['factory labour', 'urbanisation', 'the steam engine'] },
    ],
    research: [
      'nineteenth-century trade networks',
      "women's suffrage movements",
      'the history of medicine',
      'Cold War diplomacy',
      'medieval Mediterranean cities',
      'colonial archives in South Asia',
    ],
  },
  {
    name: 'Psychology',
    courses: [
      { name: 'PSYC101 Introduction to Psychology', topics: ['classical conditioning', 'memory', 'cognitive biases'] },
      {
        name: 'PSYC120 Research Methods in Psychology',
        topics: ['experimental design', 'APA referencing', 'validity and reliability'],
      },
      { name: 'PSYC201 Cognitive Psychology', topics: ['attention', 'working memory', 'decision-making'] },
      {
        name: 'PSYC210 Developmental Psychology',
        topics: ["Piaget's stages", 'attachment theory', 'language development'],
      },
      { name: 'PSYC220 Social Psychology', topics: ['conformity', 'attitude change', 'group behaviour'] },
      { name: 'PSYC230 Statistics for Psychology', topics: ['SPSS', 't-tests', 'ANOVA'] },
      { name: 'PSYC310 Biological Psychology', topics: ['neurotransmitters', 'brain anatomy', 'sleep'] },
    ],
    research: [
      'memory and sleep',
      'adolescent social development',
      'decision-making under stress',
      'language acquisition in bilingual children',
      'how habits form',
      'anxiety and attention',
    ],
  },
  {
    name: 'Mechanical Engineering',
    courses: [
      { name: 'ME101 Engineering Drawing and CAD', topics: ['CAD modelling', 'technical drawings', 'tolerances'] },
      { name: 'ME110 Statics', topics: ['free-body diagrams', 'trusses', 'moments'] },
      { name: 'ME201 Dynamics', topics: ['kinematics', 'work and energy', 'vibrations'] },
      { name: 'ME210 Mechanics of Materials', topics: ['beam bending', 'stress and strain', 'torsion'] },
      { name: 'ME220 Engineering Thermodynamics', topics: ['the first law', 'refrigeration cycles', 'steam tables'] },
      { name: 'ME301 Fluid Mechanics', topics: ['fluid statics', "Bernoulli's equation", 'pipe flow'] },
      { name: 'ME320 Heat Transfer', topics: ['conduction', 'convection', 'heat exchangers'] },
    ],
    research: [
      'wind turbine blade design',
      'additive manufacturing',
      'vehicle crash safety',
      'cooling systems for data centres',
      'soft robotics',
      'the biomechanics of running',
    ],
  },
];

/** Distinct first and last names, so no two demo people share either and search results stay unambiguous. */
export const firstNames: readonly string[] = [
  'Amara',
  'Liam',
  'Priya',
  'Mateo',
  'Sofia',
  'Kwame',
  'Hannah',
  'Ravi',
  'Elena',
  'Tomás',
  'Mei',
  'Jonas',
  'Aisha',
  'Daniel',
  'Yuki',
  'Olivia',
  'Arjun',
  'Chloe',
  'Emeka',
  'Ingrid',
  'Lucas',
  'Fatima',
  'Noah',
  'Zara',
  'Mohammed',
  'Isabel',
  'Kenji',
  'Grace',
  'Santiago',
  'Leila',
  'Ethan',
  'Nadia',
  'Felix',
  'Ananya',
  'Oscar',
  'Chiara',
  'Samuel',
  'Hye-jin',
  'Marcus',
  'Freya',
  'Diego',
  'Anika',
  'Thomas',
  'Lucía',
  'Omar',
  'Charlotte',
  'Wei',
  'Maya',
  'Patrick',
  'Nkechi',
  'Henrik',
  'Rosa',
  'Julian',
  'Sakura',
  'Adrian',
  'Imani',
  'Benjamin',
  'Zoe',
  'Karim',
  'Elif',
  'Aaron',
  'Leah',
  'Viktor',
  'Camila',
  'Rahul',
  'Eva',
  'Tariq',
  'Hana',
  'Gabriel',
  'Ruth',
];

export const lastNames: readonly string[] = [
  'Okafor',
  'Bennett',
  'Sharma',
  'Fernández',
  'Rossi',
  'Mensah',
  'Fischer',
  'Iyer',
  'Petrova',
  'Silva',
  'Chen',
  'Lindqvist',
  'Rahman',
  'Murphy',
  'Tanaka',
  'Walsh',
  'Kapoor',
  'Dubois',
  'Nwosu',
  'Johansson',
  'Moreau',
  'Haddad',
  'Thompson',
  'Kowalski',
  'Al-Sayed',
  'Navarro',
  'Watanabe',
  'Adeyemi',
  'García',
  'Karimi',
  'Hughes',
  'Novak',
  'Becker',
  'Reddy',
  'Andersen',
  'Bianchi',
  'Osei',
  'Park',
  'Whitfield',
  'Larsen',
  'Morales',
  'Gupta',
  'Schmidt',
  'Herrera',
  'Aziz',
  'Campbell',
  'Zhang',
  'Cohen',
  "O'Brien",
  'Eze',
  'Nilsson',
  'Costa',
  'Harrington',
  'Nakamura',
  'Popescu',
  'Mwangi',
  'Foster',
  'Kim',
  'Mansour',
  'Yilmaz',
  'Abrams',
  'Sato',
  'Ivanov',
  'Ortega',
  'Mehta',
  'Horvath',
  'Qureshi',
  'Lee',
  'Duarte',
  'Sullivan',
];

export const tutorRoles: readonly string[] = [
  'PhD candidate in {department}',
  'postdoctoral researcher in {department}',
  'senior lecturer in {department}',
  "final-year master's student in {department}",
  'teaching fellow in {department}',
  'graduate teaching assistant in {department}',
];

export const biography = {
  intro: [
    '{first} is a {role} whose research focuses on {research}.',
    '{first} is a {role}, currently working on {research}.',
    'As a {role}, {first} spends most of the week on {research}.',
    '{first} joined the university as a {role} to work on {research}.',
  ],
  teaching: [
    '{first} has tutored {course} for {years} years and also runs revision workshops before exams.',
    '{first} has taught {course} since {since} and knows exactly where students tend to get stuck.',
    'Over the last {years} years {first} has helped more than {students} students through {course} and {course2}.',
    '{first} marks coursework for {code} and tutors it one-to-one, alongside {course2}.',
  ],
  style: [
    'Sessions are hands-on: expect to work through past exam questions rather than sit through a lecture.',
    '{first} likes to start from the intuition and only then bring in the formal details.',
    "Patient with beginners and happy to go back to basics when something hasn't clicked yet.",
    'Every session ends with a short set of practice problems and a quick recap of the key ideas.',
    'Prefers small steps and lots of questions, so that students explain ideas back in their own words.',
    'Known for clear diagrams, tidy notes and honest feedback.',
  ],
  availability: [
    'Available for one-to-one sessions on weekday evenings and for small groups before exams.',
    'Meets in person on campus or online, whichever suits the student.',
    'Happy to help with study plans and exam technique as well as course content.',
    'Also tutors in {language}.',
  ],
} as const;

export const languages: readonly string[] = [
  'Spanish',
  'French',
  'Mandarin',
  'Hindi',
  'German',
  'Portuguese',
  'Arabic',
  'Polish',
  'Korean',
  'Yoruba',
];

/** Review titles by star rating (index 0 is one star). */
export const reviewTitles: readonly (readonly string[])[] = [
  [
    'Would not recommend',
    "Didn't help at all",
    'Frustrating experience',
    'Not worth it before an exam',
    'Kept cancelling',
  ],
  [
    'Not what I needed',
    'Hard to follow',
    'Disappointing for {code}',
    'Too fast for beginners',
    'Sessions felt unprepared',
  ],
  [
    'Decent, but not for everyone',
    'Okay for the basics',
    'Mixed experience',
    'Helpful in parts',
    'Fine, nothing special',
    'Good knowledge, hard to book',
  ],
  [
    'Really helpful sessions',
    'Solid help with {code}',
    'Great explanations, a bit rushed at times',
    'Would book again',
    'Good tutor for {course}',
    'Helped me pass {code}',
    'Knows the material inside out',
  ],
  [
    "Best tutor I've had at uni",
    'Made {course} finally click',
    'Absolutely worth it',
    'Turned my grade around',
    'Clear, patient and brilliant',
    '{tutor} is a lifesaver',
    'Exam prep was spot on',
    'Finally understand {topic}',
  ],
];

export const reviewSentences = {
  openingGood: [
    'I booked {tutor} for {course} after failing the first midterm, and it was the best decision I made all semester.',
    "{tutor} tutored me through {code} last term and I ended up with a grade I'm genuinely proud of.",
    "I've had a few tutors over the years and {tutor} is easily the best of them.",
    'I started weekly sessions with {tutor} for {course} and noticed the difference within a couple of weeks.',
    'I went to {tutor} in a bit of a panic three weeks before the {code} exam.',
    "A friend recommended {tutor} for {course} and I'm so glad they did.",
  ],
  openingMixed: [
    'I had about six sessions with {tutor} for {course}.',
    '{tutor} helped me with {code} this semester, with mixed results.',
    'My experience with {tutor} was fine overall.',
    'I booked {tutor} for {course} revision before finals.',
  ],
  openingPoor: [
    "I had high hopes for {tutor} going into {code}, but it didn't work out.",
    'I booked several sessions with {tutor} for {course} and came away more confused than before.',
    'Honestly, I expected more from {tutor}.',
    "I tried {tutor} for {course} on a friend's recommendation.",
  ],
  positive: [
    'Explains {topic} in a way that actually makes sense, with examples that stick.',
    'Always comes prepared with practice problems pitched at exactly the right level.',
    'Never made me feel stupid for asking the same question twice.',
    'The worked examples on {topic} were better than anything in the lecture notes.',
    'Gave detailed feedback on my practice answers within a day.',
    'Really good at spotting where my reasoning went wrong instead of just handing me the answer.',
    'Sessions were well structured: a recap, some new material, then plenty of practice.',
    'The summary sheet on {topic} got me through the exam.',
    'Flexible with scheduling and happy to move sessions around my deadlines.',
    'Knows exactly what the examiners look for in {code}.',
    'Breaks big problems into small steps so nothing feels overwhelming.',
    'Makes you explain things back, which is annoying in the moment but really works.',
  ],
  caveat: [
    'Sessions sometimes ran over, which made me late for my next lecture.',
    'Booking a slot during exam season is tricky, so plan ahead.',
    'Occasionally goes a bit fast when covering {topic}.',
    'The shared notes could be better organised.',
    'Online sessions had a few connection problems, but the in-person ones were great.',
    'I would have liked a few more practice questions to take home.',
  ],
  negative: [
    'Sessions often started late and ended early.',
    'The explanations of {topic} jumped straight to the answer without showing the steps.',
    'Seemed more interested in their own research than in my questions.',
    'Cancelled twice at short notice, once the day before my exam.',
    'Rarely checked whether I had actually understood before moving on.',
    'Used a different notation from the lectures, which made {code} even more confusing.',
    'Feedback on my practice work was vague and slow to arrive.',
    'Went through the material far too fast for someone new to {topic}.',
  ],
  /** The one kind word in a poor review. */
  fairPoint: [
    'To be fair, {tutor} clearly knows the subject well.',
    'The practice problems were useful once I worked through them on my own.',
    'Replies to messages quickly, which I appreciated.',
  ],
  closingGood: [
    "If you're struggling with {code}, book a session with {tutor}; you won't regret it.",
    'Would recommend to anyone taking {course}.',
    "I'll definitely be booking again next semester.",
    "Can't thank {tutor} enough.",
  ],
  closingMixed: [
    'Worth a try if you need help with the basics.',
    'Probably suits you better if you already have a decent grasp of {topic}.',
    "I'd likely try someone else next time, but it wasn't a bad experience.",
  ],
  closingPoor: [
    'I ended up switching to another tutor, which helped a lot more.',
    "Can't recommend, unfortunately.",
    "Hopefully it's a better experience for other students.",
  ],
} as const;

/** Reviews a moderator has hidden, each written so the reason is plain when an admin reads it. */
export const hiddenReviews: readonly { rating: number; title: string; body: string; reason: string }[] = [
  {
    rating: 5,
    title: 'Great, but there is a cheaper option',
    body: "{tutor} is good at {course}. But if you want guaranteed top marks in {code}, message me: I run private sessions at half the price and I have last year's exam answers.",
    reason: 'Advertises a paid tutoring service.',
  },
  {
    rating: 2,
    title: "My friend's results say it all",
    body: 'Jamie from our seminar group had weekly sessions with {tutor} and still got 48% on the {code} midterm. Draw your own conclusions.',
    reason: "Shares another student's grade without their consent.",
  },
  {
    rating: 1,
    title: 'Wrong tutor, honestly',
    body: "This is about my {code} lab supervisor, not really {tutor}, but I couldn't find them on the site. Labs were chaotic and the marking felt random.",
    reason: 'Reported by students: describes a different course and tutor.',
  },
  {
    rating: 1,
    title: 'Avoid',
    body: 'Nothing to say about the {code} content. Everyone in our year knows what {tutor} is like outside the classroom, and that tells you enough.',
    reason: 'Personal remarks about the tutor rather than the tutoring.',
  },
  {
    rating: 3,
    title: 'Ok I guess',
    body: 'ok sessions. add me on insta for the {code} past papers, same handle as here, dm me.',
    reason: 'Shares contact details and asks students to trade exam material.',
  },
];

export const rejectionReason =
  "We couldn't confirm that this person tutors at the university: the department has no record of them. " +
  'Please resubmit with a link to a course page or staff listing.';

/** What students say when they report a review; "other" always comes with words. */
export const demoReports: readonly {
  reason: 'spam' | 'personal_attack' | 'false_information' | 'other';
  details: string | null;
}[] = [
  { reason: 'false_information', details: 'The tutor did not teach this course last term.' },
  { reason: 'personal_attack', details: null },
  { reason: 'other', details: 'Reads as if it were about a different tutor.' },
  { reason: 'false_information', details: null },
  { reason: 'spam', details: null },
];
