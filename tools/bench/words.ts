/**
 * The words generated tutors, students and reviews are made of. All plain ASCII, so that the
 * database's lower() gives exactly what the app's normalizeForSearch gives (the dataset checks it).
 */

export const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adam', 'Adrian', 'Aisha', 'Alan', 'Albert', 'Alexander', 'Alice', 'Alicia',
  'Amanda', 'Amir', 'Amy', 'Andrea', 'Andrew', 'Angela', 'Anna', 'Anthony', 'Arjun', 'Arthur',
  'Barbara', 'Beatrice', 'Benjamin', 'Bernard', 'Beth', 'Bianca', 'Boris', 'Bradley', 'Brandon', 'Brian',
  'Caleb', 'Camila', 'Carl', 'Carlos', 'Caroline', 'Catherine', 'Charles', 'Charlotte', 'Chen', 'Chloe',
  'Christine', 'Claire', 'Clara', 'Colin', 'Connor', 'Craig', 'Daniel', 'David', 'Deborah', 'Dennis',
  'Diana', 'Dimitri', 'Dominic', 'Donald', 'Dorothy', 'Douglas', 'Edward', 'Elena', 'Eleanor', 'Elijah',
  'Elizabeth', 'Emily', 'Emma', 'Eric', 'Esther', 'Ethan', 'Eva', 'Evelyn', 'Fatima', 'Felix',
  'Fiona', 'Frances', 'Francis', 'Gabriel', 'Gareth', 'George', 'Gerald', 'Grace', 'Gregory', 'Hannah',
  'Harold', 'Harriet', 'Hassan', 'Heather', 'Helen', 'Henry', 'Hugo', 'Ian', 'Ingrid', 'Irene',
  'Isaac', 'Isabel', 'Ivan', 'Jack', 'Jacob', 'James', 'Jane', 'Janet', 'Jasmine', 'Jason',
  'Javier', 'Jennifer', 'Jeremy', 'Jessica', 'Joanna', 'John', 'Jonathan', 'Joseph', 'Joshua', 'Julia',
  'Julian', 'Karen', 'Katherine', 'Keith', 'Kenji', 'Kevin', 'Laura', 'Lawrence', 'Leah', 'Leo',
  'Leonard', 'Liam', 'Lily', 'Linda', 'Lucas', 'Lucy', 'Luis', 'Lydia', 'Madeleine', 'Malcolm',
  'Margaret', 'Maria', 'Marcus', 'Mark', 'Martha', 'Martin', 'Matthew', 'Maya', 'Megan', 'Michael',
  'Miriam', 'Mohammed', 'Monica', 'Nadia', 'Naomi', 'Nathan', 'Neil', 'Nicholas', 'Nicole', 'Nina',
  'Noah', 'Oliver', 'Olivia', 'Omar', 'Oscar', 'Patricia', 'Patrick', 'Paul', 'Pedro', 'Peter',
  'Philip', 'Priya', 'Rachel', 'Rafael', 'Rebecca', 'Richard', 'Robert', 'Roger', 'Rosa', 'Ruth',
  'Ryan', 'Samantha', 'Samuel', 'Sandra', 'Sarah', 'Sebastian', 'Simon', 'Sofia', 'Sophie', 'Stephen',
  'Susan', 'Tanya', 'Teresa', 'Theodore', 'Thomas', 'Timothy', 'Tobias', 'Ursula', 'Valentina', 'Victor',
  'Victoria', 'Vincent', 'Walter', 'Wei', 'William', 'Xavier', 'Yasmin', 'Yusuf', 'Zachary', 'Zoe',
];

export const LAST_NAMES = [
  'Abbott', 'Adams', 'Ahmed', 'Alexander', 'Ali', 'Allen', 'Alvarez', 'Anderson', 'Andrews', 'Armstrong',
  'Bailey', 'Baker', 'Banerjee', 'Barker', 'Barnes', 'Becker', 'Bell', 'Bennett', 'Berg', 'Bishop',
  'Black', 'Blake', 'Bowen', 'Boyd', 'Bradley', 'Brennan', 'Brooks', 'Brown', 'Bryant', 'Burke',
  'Burns', 'Butler', 'Campbell', 'Carlson', 'Carpenter', 'Carter', 'Castillo', 'Chambers', 'Chan', 'Chapman',
  'Chavez', 'Chen', 'Clarke', 'Cohen', 'Cole', 'Coleman', 'Collins', 'Cooper', 'Cruz', 'Cunningham',
  'Das', 'Davidson', 'Davies', 'Dawson', 'Diaz', 'Dixon', 'Doyle', 'Duncan', 'Dunn', 'Edwards',
  'Elliott', 'Ellis', 'Evans', 'Farrell', 'Ferguson', 'Fischer', 'Fisher', 'Fleming', 'Fletcher', 'Flores',
  'Ford', 'Foster', 'Fox', 'Franklin', 'Fraser', 'Garcia', 'Gardner', 'Gibson', 'Gomez', 'Gonzalez',
  'Gordon', 'Graham', 'Grant', 'Gray', 'Green', 'Griffin', 'Gupta', 'Hall', 'Hamilton', 'Hansen',
  'Hardy', 'Harper', 'Harris', 'Hart', 'Hayes', 'Henderson', 'Hernandez', 'Hill', 'Hoffman', 'Holland',
  'Holmes', 'Hopkins', 'Howard', 'Hughes', 'Hunt', 'Hunter', 'Ibrahim', 'Iyer', 'Jackson', 'James',
  'Jensen', 'Johnson', 'Johnston', 'Jones', 'Jordan', 'Joshi', 'Kaur', 'Keller', 'Kelly', 'Kennedy',
  'Khan', 'Kim', 'King', 'Klein', 'Knight', 'Koch', 'Kowalski', 'Kumar', 'Lambert', 'Lane',
  'Larsen', 'Lawrence', 'Lawson', 'Lee', 'Lewis', 'Li', 'Lindqvist', 'Liu', 'Lloyd', 'Lopez',
  'Lynch', 'MacDonald', 'Malik', 'Marshall', 'Martin', 'Martinez', 'Mason', 'Matthews', 'McCarthy', 'Mehta',
  'Meyer', 'Miller', 'Mills', 'Mitchell', 'Moore', 'Morales', 'Moreno', 'Morgan', 'Morris', 'Murphy',
  'Murray', 'Nakamura', 'Nash', 'Nelson', 'Newman', 'Nguyen', 'Nielsen', 'Novak', 'Obrien', 'Okafor',
  'Oliver', 'Olsen', 'Ortiz', 'Owens', 'Palmer', 'Park', 'Parker', 'Patel', 'Patterson', 'Payne',
  'Pearson', 'Perez', 'Perry', 'Peters', 'Petrov', 'Phillips', 'Pierce', 'Porter', 'Powell', 'Price',
  'Quinn', 'Ramirez', 'Rao', 'Reed', 'Reid', 'Reyes', 'Reynolds', 'Rhodes', 'Richards', 'Richardson',
  'Riley', 'Rivera', 'Roberts', 'Robertson', 'Robinson', 'Rodriguez', 'Rogers', 'Romero', 'Rose', 'Ross',
  'Russell', 'Ryan', 'Saito', 'Sanchez', 'Sanders', 'Santos', 'Schmidt', 'Schneider', 'Scott', 'Shah',
  'Sharma', 'Shaw', 'Silva', 'Simmons', 'Simpson', 'Singh', 'Smith', 'Snyder', 'Spencer', 'Stewart',
  'Stone', 'Sullivan', 'Sutherland', 'Suzuki', 'Tanaka', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Tucker',
  'Turner', 'Vargas', 'Vasquez', 'Wagner', 'Walker', 'Wallace', 'Walsh', 'Wang', 'Ward', 'Warren',
  'Watanabe', 'Watson', 'Weber', 'Webb', 'Wells', 'West', 'White', 'Williams', 'Wilson', 'Wong',
  'Wood', 'Woods', 'Wright', 'Wu', 'Yamamoto', 'Yang', 'Young', 'Zhang', 'Zhou', 'Zimmerman',
];

/** Forty departments, each with the code its courses are numbered under. */
export const DEPARTMENTS: [name: string, courseCode: string][] = [
  ['Accounting', 'ACCT'], ['Anthropology', 'ANTH'], ['Architecture', 'ARCH'], ['Art History', 'ARTH'],
  ['Astronomy', 'ASTR'], ['Biochemistry', 'BCHM'], ['Biology', 'BIOL'], ['Business Administration', 'BUSN'],
  ['Chemical Engineering', 'CHEN'], ['Chemistry', 'CHEM'], ['Civil Engineering', 'CIVE'], ['Classics', 'CLAS'],
  ['Communication', 'COMM'], ['Computer Science', 'CSCI'], ['Economics', 'ECON'], ['Education', 'EDUC'],
  ['Electrical Engineering', 'ELEC'], ['English', 'ENGL'], ['Environmental Science', 'ENVS'], ['Film Studies', 'FILM'],
  ['Finance', 'FINC'], ['French', 'FREN'], ['Geography', 'GEOG'], ['Geology', 'GEOL'],
  ['German', 'GERM'], ['History', 'HIST'], ['Journalism', 'JOUR'], ['Law', 'LAWS'],
  ['Linguistics', 'LING'], ['Marketing', 'MKTG'], ['Mathematics', 'MATH'], ['Mechanical Engineering', 'MECH'],
  ['Music', 'MUSC'], ['Nursing', 'NURS'], ['Philosophy', 'PHIL'], ['Physics', 'PHYS'],
  ['Political Science', 'POLS'], ['Psychology', 'PSYC'], ['Sociology', 'SOCI'], ['Statistics', 'STAT'],
];

/** A biography is one opening, one sentence about the teaching and one about availability. */
export const BIOGRAPHY_OPENINGS = [
  'Has taught in the department for many years and supervises undergraduate projects.',
  'Joined the faculty after a postdoctoral position abroad and teaches the introductory sequence.',
  'Teaches both first-year lectures and advanced seminars, and chairs the curriculum committee.',
  'Came to teaching after several years in industry and brings real-world examples to every class.',
  'Leads a small research group and regularly takes undergraduates into the lab over the summer.',
  'Is known across campus for lectures that start on time and end with a question worth thinking about.',
];
export const BIOGRAPHY_TEACHING = [
  'Lectures are structured, with weekly problem sets and detailed written feedback.',
  'Classes mix short lectures with group work, and every assignment comes with a rubric.',
  'Expect regular quizzes, a midterm and a project that counts for a third of the grade.',
  'Students praise the clear slides and the practice exams posted before every test.',
  'The reading load is heavy, but discussions are lively and every voice is heard.',
  'Exams are fair but demanding, and the grading is transparent and consistent.',
];
export const BIOGRAPHY_AVAILABILITY = [
  'Office hours are on Tuesday and Thursday afternoons, and emails are answered within a day.',
  'Holds office hours twice a week and runs review sessions before the final exam.',
  'Is happy to meet by appointment and keeps an online forum for questions between classes.',
  'Offers extra help sessions in the week before each exam.',
];

/** Five titles and five opening sentences per rating, one star first. */
export const REVIEW_TITLES = [
  ['Avoid if you can', 'Very disappointing', 'Not worth it', 'Frustrating semester', 'Disorganized course'],
  ['Below expectations', 'Hard to follow', 'Could be much better', 'Unclear grading', 'Mixed feelings, mostly bad'],
  ['Average course', 'Okay but forgettable', 'Decent, with some issues', 'Fine for the requirement', 'It was alright'],
  ['Good teacher', 'Solid course', 'Learned a lot', 'Clear and fair', 'Would take again'],
  ['Outstanding teacher', 'Best course I have taken', 'Brilliant lectures', 'Highly recommended', 'Changed how I think'],
];
export const REVIEW_OPENINGS = [
  [
    'The lectures rarely matched the exams and questions in class were brushed off.',
    'Assignments were returned weeks late without any useful feedback.',
    'I never knew what was expected, and the grading felt arbitrary.',
    'Most classes were read straight from the slides with no room for questions.',
    'The syllabus changed several times during the semester without notice.',
  ],
  [
    'Some lectures were helpful, but many felt rushed and hard to follow.',
    'The material is interesting, but the pacing made it difficult to keep up.',
    'Office hours helped a little, though the explanations were often unclear.',
    'The workload was high compared with what we learned.',
    'Feedback on assignments was short and rarely explained the grade.',
  ],
  [
    'The course covered what it promised, nothing more and nothing less.',
    'Lectures were fine, and the exams were about as hard as expected.',
    'Reasonable workload and clear deadlines, though the classes could be more engaging.',
    'Some topics were explained well, others I had to learn from the textbook.',
    'A standard course that gets you through the requirement.',
  ],
  [
    'Explanations were clear and the problem sets really helped the material stick.',
    'Well organized, with fair exams and useful feedback on every assignment.',
    'The lectures were engaging and questions were always welcome.',
    'Demanding but fair; if you do the work you will do well.',
    'Good examples in class and helpful office hours before the exams.',
  ],
  [
    'Every lecture was clear, well paced and full of examples that made the ideas click.',
    'The most helpful teacher I have had: patient in office hours and generous with feedback.',
    'Challenging material made approachable, and the exams were fair and well designed.',
    'You can tell how much care goes into every class, and it shows in how much you learn.',
    'Inspiring lectures and genuinely useful feedback; I chose my major because of this course.',
  ],
];
export const REVIEW_CLOSINGS = [
  'Start the assignments early and go to the review sessions.',
  'Do the readings before class; it makes a big difference.',
  'Bring questions to office hours, they are worth it.',
  'The practice exams are the best preparation.',
  'Take good notes, the slides do not cover everything.',
  'Form a study group early in the semester.',
];

export const HIDDEN_REVIEW_REASON = 'Hidden by a moderator: personal remarks about the teacher.';
export const REJECTION_REASON = 'This teacher could not be found in the university directory.';
