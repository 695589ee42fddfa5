import {
  comboComponents,
  comboGroupItems,
  concessionCategories,
  concessionCategoryAssignments,
  concessionDiscounts,
  concessionGroups,
  concessions,
  modifierGroups,
  modifiers,
  pickupTimeSlots,
  theatreConcessions,
  upsellGroups,
  upsellItems,
} from '../schema';
import { CATEGORIES, COMBOS, MODIFIER_GROUPS, PRODUCTS, UPSELL_BY_CATEGORY, UPSELLS } from './data/menu';
import { insertRows, money, slugify, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';
import type { TheatreSeed } from './theatres';

const IMG = 'https://media.marquee.example/concessions';
const CHAIN_TAX = 0.08;

export interface ConcessionSeed {
  id: number;
  name: string;
  slug: string;
}

export interface ConcessionCounts {
  categories: { id: number; name: string }[];
  products: ConcessionSeed[];
  theatreProducts: number;
  pickupSlots: number;
}

/** The menu, what each theatre sells at its own price, and every theatre's pickup slots. */
export async function seedConcessions(tx: SeedTx, theatres: TheatreSeed[]): Promise<ConcessionCounts> {
  const rng = createRandom('concessions');
  const categoryId = new Map<string, number>();
  const categoryRows = CATEGORIES.map((c, i) => {
    categoryId.set(c.name, i + 1);
    const siblings = CATEGORIES.filter((x) => x.parent === c.parent);
    const slug = slugify(c.name);
    return {
      id: i + 1,
      parentId: c.parent ? categoryId.get(c.parent)! : null,
      name: c.name,
      level: c.parent ? 2 : 1,
      sortOrder: siblings.indexOf(c) + 1,
      productSortOrder: 0,
      imageSmall: `${IMG}/categories/${slug}-small.png`,
      imageLarge: `${IMG}/categories/${slug}-large.png`,
    };
  });
  await insertRows(tx, upsellGroups, Object.keys(UPSELLS).map((name, i) => ({ id: i + 1, name })));
  const upsellId = new Map(Object.keys(UPSELLS).map((name, i) => [name, i + 1]));

  const products: (typeof concessions.$inferInsert & { price: number; categoryName: string })[] = [];
  const add = (p: Omit<typeof concessions.$inferInsert, 'id' | 'sku' | 'displayName'> & { price: number; categoryName: string }) => {
    const id = products.length + 1;
    const slug = slugify(p.name);
    products.push({
      id,
      sku: `SKU-${String(10000 + id)}`,
      displayName: p.name,
      imageSmall: `${IMG}/products/${slug}-small.png`,
      imageLarge: `${IMG}/products/${slug}-large.png`,
      ...p,
    });
    return id;
  };
  for (const p of PRODUCTS) {
    add({
      name: p.name,
      description: `${p.name}, made fresh for the show.`,
      nutritionalInfo: `${p.calories} cal`,
      size: p.size ?? null,
      prepTime: p.prepTime,
      taxGroupId: p.category === 'Beer' || p.category === 'Wine' || p.category === 'Cocktails' ? 2 : p.prepTime > 3 ? 3 : 1,
      upsellGroupId: UPSELL_BY_CATEGORY[p.category] ? upsellId.get(UPSELL_BY_CATEGORY[p.category]) : null,
      price: p.price,
      categoryName: p.category,
    });
  }
  for (const c of COMBOS) {
    add({
      name: c.name,
      description: c.components.map((x) => `${x.quantity > 1 ? `${x.quantity} × ` : ''}${x.name}`).join(', '),
      nutritionalInfo: `${c.calories} cal`,
      size: null,
      prepTime: 3,
      taxGroupId: 1,
      taxAtComboItemLevel: c.name === 'Pizza Party Combo',
      isCombo: true,
      price: c.price,
      categoryName: 'Combos',
    });
  }
  const modifierProduct = new Map<string, number>();
  for (const group of Object.values(MODIFIER_GROUPS)) {
    for (const [name, price] of group.choices) {
      if (modifierProduct.has(name)) continue;
      modifierProduct.set(name, add({ name, description: null, nutritionalInfo: null, size: null, prepTime: 0, isModifierOnly: true, price, categoryName: '' }));
    }
  }
  const productId = new Map(products.map((p) => [p.name, p.id!]));
  await insertRows(tx, concessionCategories, categoryRows);
  await insertRows(tx, concessions, products.map(({ price: _p, categoryName: _c, ...row }) => row));

  const assignments: (typeof concessionCategoryAssignments.$inferInsert)[] = [];
  const groups: (typeof concessionGroups.$inferInsert)[] = [];
  for (const p of products) {
    if (p.isModifierOnly) continue;
    const leaf = CATEGORIES.find((c) => c.name === p.categoryName)!;
    assignments.push({ concessionId: p.id!, categoryId: categoryId.get(leaf.name)! });
    if (leaf.parent) assignments.push({ concessionId: p.id!, categoryId: categoryId.get(leaf.parent)! });
    const seed = PRODUCTS.find((x) => x.name === p.name);
    for (const name of seed?.groups ?? (p.isCombo ? ['Featured'] : [])) {
      const slug = slugify(name);
      groups.push({ concessionId: p.id!, name, imageSmall: `${IMG}/groups/${slug}-small.png`, imageLarge: `${IMG}/groups/${slug}-large.png` });
    }
  }
  await insertRows(tx, concessionCategoryAssignments, assignments);
  await insertRows(tx, concessionGroups, groups);
  await insertRows(tx, concessionDiscounts, [
    { id: 1, concessionId: productId.get('Refillable Large Popcorn')!, amount: 1.5, type: 'Upgrade', referenceProductId: productId.get('Large Popcorn')! },
    { id: 2, concessionId: productId.get('Large Fountain Drink')!, amount: 0.7, type: 'Upgrade', referenceProductId: productId.get('Medium Fountain Drink')! },
    { id: 3, concessionId: productId.get('Kids Pack')!, amount: 1, type: 'Discount', referenceProductId: null },
    { id: 4, concessionId: productId.get('Movie Night Combo for Two')!, amount: 2, type: 'Discount', referenceProductId: null },
  ]);

  const groupRows: (typeof modifierGroups.$inferInsert)[] = [];
  const modifierRows: (typeof modifiers.$inferInsert)[] = [];
  for (const p of PRODUCTS) {
    (p.modifiers ?? []).forEach((groupName, g) => {
      const spec = MODIFIER_GROUPS[groupName];
      const id = groupRows.length + 1;
      groupRows.push({ id, concessionId: productId.get(p.name)!, groupName, required: spec.required, minimumQuantity: spec.min, maximumQuantity: spec.max, sortOrder: g + 1 });
      spec.choices.forEach(([name, price], m) => {
        modifierRows.push({ id: modifierRows.length + 1, modifierGroupId: id, concessionId: modifierProduct.get(name)!, price, tax: money(price * CHAIN_TAX), sortOrder: m + 1 });
      });
    });
  }
  await insertRows(tx, modifierGroups, groupRows);
  await insertRows(tx, modifiers, modifierRows);

  const componentRows: (typeof comboComponents.$inferInsert)[] = [];
  const groupItemRows: (typeof comboGroupItems.$inferInsert)[] = [];
  for (const combo of COMBOS) {
    combo.components.forEach((c, i) => {
      const id = componentRows.length + 1;
      componentRows.push({
        id,
        comboConcessionId: productId.get(combo.name)!,
        concessionId: c.product ? productId.get(c.product)! : null,
        name: c.name,
        type: c.product ? 'Concession' : 'Group',
        quantity: c.quantity,
        sortOrder: i + 1,
      });
      for (const choice of c.choices ?? []) groupItemRows.push({ componentId: id, concessionId: productId.get(choice)! });
    });
  }
  await insertRows(tx, comboComponents, componentRows);
  await insertRows(tx, comboGroupItems, groupItemRows);
  await insertRows(
    tx,
    upsellItems,
    Object.entries(UPSELLS).flatMap(([group, names]) =>
      names.map((name, i) => ({ upsellGroupId: upsellId.get(group)!, concessionId: productId.get(name)!, sortOrder: i + 1 })),
    ),
  );

  const sold: (typeof theatreConcessions.$inferInsert)[] = [];
  const slots: (typeof pickupTimeSlots.$inferInsert)[] = [];
  for (const theatre of theatres) {
    const bar = theatre.attributeCodes.has('BAR') || theatre.attributeCodes.has('DINEIN');
    for (const p of products) {
      if (p.isModifierOnly) continue;
      const alcohol = p.taxGroupId === 2;
      if (alcohol ? !bar : theatre.id !== 1 && rng.chance(0.08)) continue;
      const price = money(Math.round(p.price * theatre.priceLevel * 4) / 4 - 0.01);
      sold.push({
        id: sold.length + 1,
        theatreId: theatre.id,
        concessionId: p.id!,
        price,
        tax: money(price * theatre.taxRate),
        isAvailable: theatre.id === 1 || rng.chance(0.97),
      });
    }
    for (let minutes = 10 * 60; minutes <= 23 * 60; minutes += 15) {
      const hour = Math.floor(minutes / 60);
      const peak = hour >= 18 && hour <= 21;
      slots.push({
        theatreId: theatre.id,
        timeLocal: `${String(hour).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
        capacity: peak ? rng.int(15, 25) : rng.int(6, 14),
      });
    }
  }
  await insertRows(tx, theatreConcessions, sold);
  await insertRows(tx, pickupTimeSlots, slots);
  for (const t of [concessionCategories, upsellGroups, concessions, concessionDiscounts, modifierGroups, modifiers, comboComponents, theatreConcessions]) {
    await syncSequence(tx, t);
  }
  return {
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name })),
    products: products.map((p) => ({ id: p.id!, name: p.name, slug: slugify(p.name) })),
    theatreProducts: sold.length,
    pickupSlots: slots.length,
  };
}
