/** The chain's menu: categories (two levels), products, modifier choices and combos. */

export interface CategorySeed {
  name: string;
  parent?: string;
}

export const CATEGORIES: CategorySeed[] = [
  { name: 'Popcorn' },
  { name: 'Drinks' },
  { name: 'Soda', parent: 'Drinks' },
  { name: 'Water', parent: 'Drinks' },
  { name: 'Coffee & Tea', parent: 'Drinks' },
  { name: 'Candy' },
  { name: 'Chocolate', parent: 'Candy' },
  { name: 'Gummies & Sours', parent: 'Candy' },
  { name: 'Food' },
  { name: 'Hot Food', parent: 'Food' },
  { name: 'Pizza', parent: 'Food' },
  { name: 'Frozen Treats' },
  { name: 'Combos' },
  { name: 'Alcohol' },
  { name: 'Beer', parent: 'Alcohol' },
  { name: 'Wine', parent: 'Alcohol' },
  { name: 'Cocktails', parent: 'Alcohol' },
];

export interface ProductSeed {
  name: string;
  /** The lowest-level category. */
  category: string;
  price: number;
  size?: string;
  calories: number;
  prepTime: number;
  /** Modifier group names (see MODIFIER_GROUPS). */
  modifiers?: string[];
  groups?: string[];
}

const sized = (name: string, category: string, prices: [number, number, number], calories: number, prepTime: number, modifiers: string[], groups: string[]) =>
  (['Small', 'Medium', 'Large'] as const).map((size, i) => ({
    name: `${size} ${name}`,
    category,
    price: prices[i],
    size,
    calories: Math.round(calories * (1 + i * 0.6)),
    prepTime,
    modifiers,
    groups,
  }));

export const PRODUCTS: ProductSeed[] = [
  ...sized('Popcorn', 'Popcorn', [7.49, 8.99, 9.99], 400, 2, ['Butter', 'Seasoning'], ['Snacks', 'Featured']),
  { name: 'Refillable Large Popcorn', category: 'Popcorn', price: 11.49, size: 'Large', calories: 1100, prepTime: 2, modifiers: ['Butter', 'Seasoning'], groups: ['Snacks'] },
  { name: 'Kettle Corn', category: 'Popcorn', price: 9.49, size: 'Large', calories: 900, prepTime: 2, groups: ['Snacks'] },
  ...sized('Fountain Drink', 'Soda', [5.49, 6.29, 6.99], 180, 1, ['Soda flavor', 'Ice'], ['Drinks', 'Featured']),
  { name: 'Frozen Slush', category: 'Soda', price: 6.49, size: 'Large', calories: 300, prepTime: 2, modifiers: ['Slush flavor'], groups: ['Drinks'] },
  { name: 'Bottled Water', category: 'Water', price: 4.99, size: '20 oz', calories: 0, prepTime: 0, groups: ['Drinks'] },
  { name: 'Sparkling Water', category: 'Water', price: 4.79, size: '16 oz', calories: 0, prepTime: 0, groups: ['Drinks'] },
  { name: 'Coffee', category: 'Coffee & Tea', price: 3.99, calories: 5, prepTime: 2, modifiers: ['Coffee size', 'Milk'], groups: ['Drinks'] },
  { name: 'Iced Tea', category: 'Coffee & Tea', price: 4.29, calories: 90, prepTime: 1, modifiers: ['Ice'], groups: ['Drinks'] },
  { name: 'Hot Chocolate', category: 'Coffee & Tea', price: 4.49, calories: 240, prepTime: 2, groups: ['Drinks', 'Family'] },
  { name: 'Chocolate Peanut Candies', category: 'Chocolate', price: 5.29, size: 'Box', calories: 500, prepTime: 0, groups: ['Snacks'] },
  { name: 'Peanut Butter Cups', category: 'Chocolate', price: 5.29, size: 'Box', calories: 440, prepTime: 0, groups: ['Snacks'] },
  { name: 'Chocolate Caramel Bar', category: 'Chocolate', price: 4.79, calories: 250, prepTime: 0, groups: ['Snacks'] },
  { name: 'Mint Chocolates', category: 'Chocolate', price: 4.99, size: 'Box', calories: 300, prepTime: 0, groups: ['Snacks'] },
  { name: 'Gummy Bears', category: 'Gummies & Sours', price: 4.99, size: 'Box', calories: 390, prepTime: 0, groups: ['Snacks', 'Family'] },
  { name: 'Sour Worms', category: 'Gummies & Sours', price: 4.99, size: 'Box', calories: 380, prepTime: 0, groups: ['Snacks', 'Family'] },
  { name: 'Licorice Twists', category: 'Gummies & Sours', price: 4.49, size: 'Bag', calories: 360, prepTime: 0, groups: ['Snacks'] },
  { name: 'Hot Dog', category: 'Hot Food', price: 6.99, calories: 390, prepTime: 4, modifiers: ['Toppings'], groups: ['Snacks'] },
  { name: 'Chicken Tenders & Fries', category: 'Hot Food', price: 11.99, calories: 980, prepTime: 12, modifiers: ['Dipping sauce'], groups: ['Featured'] },
  { name: 'Soft Pretzel Bites', category: 'Hot Food', price: 8.49, calories: 620, prepTime: 6, modifiers: ['Dipping sauce'], groups: ['Snacks'] },
  { name: 'Nachos', category: 'Hot Food', price: 7.99, calories: 700, prepTime: 3, modifiers: ['Toppings'], groups: ['Snacks'] },
  { name: 'Loaded Nachos', category: 'Hot Food', price: 11.49, calories: 1150, prepTime: 8, modifiers: ['Toppings'], groups: ['Featured'] },
  { name: 'French Fries', category: 'Hot Food', price: 6.49, calories: 480, prepTime: 6, groups: ['Snacks'] },
  { name: 'Mozzarella Sticks', category: 'Hot Food', price: 8.99, calories: 660, prepTime: 8, modifiers: ['Dipping sauce'], groups: ['Snacks'] },
  { name: 'Chicken Wings', category: 'Hot Food', price: 13.49, calories: 870, prepTime: 14, modifiers: ['Dipping sauce'], groups: ['Featured'] },
  { name: 'Cheese Pizza', category: 'Pizza', price: 12.99, size: 'Personal', calories: 820, prepTime: 15, modifiers: ['Pizza toppings'], groups: ['Family'] },
  { name: 'Pepperoni Pizza', category: 'Pizza', price: 13.99, size: 'Personal', calories: 940, prepTime: 15, modifiers: ['Pizza toppings'], groups: ['Featured'] },
  { name: 'Ice Cream Bar', category: 'Frozen Treats', price: 4.99, calories: 280, prepTime: 0, groups: ['Family'] },
  { name: 'Milkshake', category: 'Frozen Treats', price: 7.49, size: '16 oz', calories: 720, prepTime: 4, modifiers: ['Shake flavor'], groups: ['Family'] },
  { name: 'Draft Lager', category: 'Beer', price: 8.99, size: '20 oz', calories: 210, prepTime: 1, groups: ['21+'] },
  { name: 'Draft IPA', category: 'Beer', price: 9.49, size: '20 oz', calories: 260, prepTime: 1, groups: ['21+'] },
  { name: 'House Red Wine', category: 'Wine', price: 10.49, size: 'Glass', calories: 125, prepTime: 1, groups: ['21+'] },
  { name: 'House White Wine', category: 'Wine', price: 10.49, size: 'Glass', calories: 120, prepTime: 1, groups: ['21+'] },
  { name: 'Margarita', category: 'Cocktails', price: 12.99, calories: 280, prepTime: 3, groups: ['21+', 'Featured'] },
  { name: 'Old Fashioned', category: 'Cocktails', price: 13.49, calories: 180, prepTime: 3, groups: ['21+'] },
];

/** Modifier groups by name: choices (modifier-only products), their price, and the group's bounds. */
export const MODIFIER_GROUPS: Record<string, { choices: [string, number][]; required: boolean; min: number; max: number }> = {
  Butter: { choices: [['No Butter', 0], ['Light Butter', 0], ['Regular Butter', 0], ['Extra Butter', 0.5]], required: false, min: 0, max: 1 },
  Seasoning: { choices: [['Cheddar Seasoning', 0.5], ['Caramel Drizzle', 0.75], ['Ranch Seasoning', 0.5], ['Jalapeño Seasoning', 0.5]], required: false, min: 0, max: 2 },
  'Soda flavor': { choices: [['Cola', 0], ['Diet Cola', 0], ['Lemon-Lime', 0], ['Root Beer', 0], ['Orange Soda', 0]], required: true, min: 1, max: 1 },
  'Slush flavor': { choices: [['Blue Raspberry Slush', 0], ['Cherry Slush', 0], ['Mango Slush', 0]], required: true, min: 1, max: 1 },
  Ice: { choices: [['Regular Ice', 0], ['Light Ice', 0], ['No Ice', 0]], required: false, min: 0, max: 1 },
  'Coffee size': { choices: [['Regular Size', 0], ['Large Size', 1]], required: true, min: 1, max: 1 },
  Milk: { choices: [['Whole Milk', 0], ['Oat Milk', 0.75], ['Cream', 0]], required: false, min: 0, max: 1 },
  Toppings: { choices: [['Ketchup', 0], ['Mustard', 0], ['Relish', 0], ['Onions', 0], ['Chili', 1.25], ['Extra Cheese', 1]], required: false, min: 0, max: 4 },
  'Dipping sauce': { choices: [['Ranch Dip', 0.5], ['Honey Mustard', 0.5], ['Cheese Sauce', 1], ['Marinara', 0.5]], required: false, min: 0, max: 2 },
  'Pizza toppings': { choices: [['Extra Pepperoni', 1.5], ['Mushrooms', 1], ['Peppers', 1], ['Olives', 1]], required: false, min: 0, max: 3 },
  'Shake flavor': { choices: [['Vanilla', 0], ['Chocolate', 0], ['Strawberry', 0]], required: true, min: 1, max: 1 },
};

export interface ComboSeed {
  name: string;
  price: number;
  calories: number;
  /** A fixed product (Concession) or a choice among products (Group) with its choices. */
  components: { name: string; product?: string; choices?: string[]; quantity: number }[];
}

const SODAS = ['Small Fountain Drink', 'Medium Fountain Drink', 'Large Fountain Drink'];
const CANDY = ['Chocolate Peanut Candies', 'Peanut Butter Cups', 'Gummy Bears', 'Sour Worms', 'Licorice Twists'];

export const COMBOS: ComboSeed[] = [
  {
    name: 'Movie Night Combo for Two',
    price: 22.99,
    calories: 1800,
    components: [
      { name: 'Large Popcorn', product: 'Large Popcorn', quantity: 1 },
      { name: 'Two drinks', choices: ['Large Fountain Drink', 'Bottled Water', 'Iced Tea'], quantity: 2 },
    ],
  },
  {
    name: 'Kids Pack',
    price: 9.99,
    calories: 700,
    components: [
      { name: 'Small Popcorn', product: 'Small Popcorn', quantity: 1 },
      { name: 'Small drink', choices: ['Small Fountain Drink', 'Bottled Water'], quantity: 1 },
      { name: 'Candy', choices: CANDY, quantity: 1 },
    ],
  },
  {
    name: 'Hot Dog Combo',
    price: 12.49,
    calories: 900,
    components: [
      { name: 'Hot Dog', product: 'Hot Dog', quantity: 1 },
      { name: 'Drink', choices: SODAS, quantity: 1 },
    ],
  },
  {
    name: 'Date Night Combo',
    price: 27.99,
    calories: 2300,
    components: [
      { name: 'Large Popcorn', product: 'Large Popcorn', quantity: 1 },
      { name: 'Two large drinks', choices: ['Large Fountain Drink'], quantity: 2 },
      { name: 'Candy', choices: CANDY, quantity: 1 },
    ],
  },
  {
    name: 'Pizza Party Combo',
    price: 29.99,
    calories: 2600,
    components: [
      { name: 'Pizza', choices: ['Cheese Pizza', 'Pepperoni Pizza'], quantity: 1 },
      { name: 'Medium Popcorn', product: 'Medium Popcorn', quantity: 1 },
      { name: 'Drinks', choices: SODAS, quantity: 2 },
    ],
  },
];

/** Upsell groups and the products they offer. */
export const UPSELLS: Record<string, string[]> = {
  'Add a drink': ['Medium Fountain Drink', 'Bottled Water', 'Frozen Slush'],
  'Add something sweet': ['Chocolate Peanut Candies', 'Gummy Bears', 'Ice Cream Bar'],
  'Make it a combo': ['Movie Night Combo for Two', 'Hot Dog Combo'],
};

/** Which upsell group a category's products show. */
export const UPSELL_BY_CATEGORY: Record<string, string> = {
  Popcorn: 'Add a drink',
  'Hot Food': 'Make it a combo',
  Pizza: 'Add a drink',
  Soda: 'Add something sweet',
};
