/** Word lists for generated movie titles, people and characters. */

export const TITLE_ADJECTIVES = [
  'Last', 'Silent', 'Midnight', 'Crimson', 'Hidden', 'Broken', 'Golden', 'Lost', 'Electric', 'Wild',
  'Frozen', 'Burning', 'Endless', 'Forgotten', 'Distant', 'Hollow', 'Savage', 'Brave', 'Quiet', 'Final',
  'Secret', 'Shattered', 'Restless', 'Velvet', 'Iron', 'Neon', 'Wandering', 'Falling', 'Rising', 'Northern',
];

export const TITLE_NOUNS = [
  'Horizon', 'Protocol', 'Kingdom', 'Signal', 'Harbor', 'Empire', 'Frontier', 'Garden', 'Storm', 'River',
  'Orbit', 'Legacy', 'Shadow', 'Summer', 'Heist', 'Voyage', 'Echo', 'Crown', 'Labyrinth', 'Ember',
  'Compass', 'Outpost', 'Mirror', 'Lighthouse', 'Carnival', 'Archive', 'Paradox', 'Tide', 'Wilderness', 'Requiem',
];

export const TITLE_PATTERNS = [
  'The {Adj} {Noun}',
  '{Adj} {Noun}',
  'A {Adj} {Noun}',
  'The {Noun}',
  '{Noun} of the {Adj} {Noun2}',
  'Return to the {Noun}',
  'The {Noun} Job',
  '{Noun}: {Adj} {Noun2}',
];

export const FIRST_NAMES = [
  'Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Ruby', 'Mateo', 'Nora', 'Caleb', 'Iris', 'Julian',
  'Leah', 'Owen', 'Stella', 'Miles', 'Hazel', 'Diego', 'Clara', 'Felix', 'Priya', 'Marcus', 'Elena',
  'Theo', 'Naomi', 'Simon', 'Vera', 'Rafael', 'Lucia', 'Gideon', 'Imani', 'Hugo', 'Tessa', 'Andre',
  'Greta', 'Jonah', 'Sofia', 'Malik', 'Wren', 'Oscar',
];

export const LAST_NAMES = [
  'Alvarez', 'Brooks', 'Chen', 'Dawson', 'Ellis', 'Fischer', 'Garcia', 'Hayes', 'Ibarra', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', "O'Connell", 'Patel', 'Quinn', 'Rossi', 'Sato',
  'Thornton', 'Underwood', 'Vasquez', 'Whitaker', 'Xu', 'Young', 'Zimmerman', 'Abbott', 'Bishop',
  'Carver', 'Delgado', 'Everett', 'Foster', 'Grant', 'Holloway', 'Ingram', 'Keller', 'Lawson', 'Mercer',
];

export const CHARACTER_TITLES = ['Detective', 'Captain', 'Dr.', 'Agent', 'Professor', 'Sergeant', 'Mayor', 'Sister'];

export const SYNOPSIS_OPENINGS = [
  'When a routine assignment goes wrong,',
  'After a mysterious signal reaches a small town,',
  'Years after the war,',
  'On the eve of the championship,',
  'Stranded far from home,',
  'In a city that never sleeps,',
  'Following a family tragedy,',
  'Against all odds,',
];

export const SYNOPSIS_MIDDLES = [
  'an unlikely pair must work together',
  'a reluctant hero is pulled into a conspiracy',
  'two estranged siblings reunite',
  'a young inventor discovers a secret',
  'a retired thief takes one last job',
  'a group of friends sets out on a journey',
  'a detective follows a trail of clues',
  'an outsider finds an unexpected home',
];

export const SYNOPSIS_ENDINGS = [
  'to save everything they love.',
  'before time runs out.',
  'and learn what family really means.',
  'while the world watches.',
  'and uncover the truth behind the legend.',
  'that will change their lives forever.',
];

export const TAGLINES = [
  'Some secrets refuse to stay buried.',
  'The adventure of a lifetime begins now.',
  'Nothing will ever be the same.',
  'Every hero has a beginning.',
  'Trust no one.',
  'Love finds a way.',
  'Laugh until it hurts.',
  'The truth is out there.',
];
