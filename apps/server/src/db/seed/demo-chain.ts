/**
 * The demo chain, "La Brasa Dorada": a Colombian fast-casual chain (burgers, pizzas, pollo a la
 * brasa…) with five branches in Bogotá, Medellín and Cali. Plain data; `seed.ts` writes it to
 * the database.
 *
 * Image fields hold URL paths of files in apps/server/public/images/. Their content-hashed names
 * live only in ./images.json, which scripts/generate-images.mjs writes; `img()` looks a logical
 * name up there and throws if the image was not generated.
 *
 * Pricing rule: a priced option of a required single-choice group replaces the product's base
 * price, so such products carry the smallest option's price as their own `price`.
 */
import type { DemoChain, DemoGroup } from './demo-chain-types';
import images from './images.json' with { type: 'json' };

const imageMap: Record<string, string> = images;

/** URL path of a generated image by logical name, e.g. `img('products/hamburguesa-clasica')`. */
function img(name: string): string {
  const url = imageMap[name];
  if (!url)
    throw new Error(
      `Demo image "${name}" is missing from images.json; run scripts/generate-images.mjs`,
    );
  return url;
}

const product = (slug: string) => img(`products/${slug}`);

// ---------------------------------------------------------------------------------------------
// Shared option groups
// ---------------------------------------------------------------------------------------------
const terminoCarne: DemoGroup = {
  title: 'Término de la carne',
  required: true,
  type_input: 1,
  options: [
    { title: 'Término medio', price: 0 },
    { title: 'Tres cuartos', price: 0 },
    { title: 'Bien asada', price: 0 },
  ],
};

const adicionesHamburguesa: DemoGroup = {
  title: 'Adiciones',
  required: false,
  type_input: 2,
  options: [
    { title: 'Tocineta', price: 4000 },
    { title: 'Queso cheddar', price: 3500 },
    { title: 'Huevo frito', price: 2500 },
    { title: 'Aguacate', price: 4500 },
    { title: 'Maduro calado', price: 3000, modifier: 'Maduro' },
    { title: 'Carne extra (150 g)', price: 8000, modifier: 'Carne de res' },
  ],
};

const salsasHamburguesa: DemoGroup = {
  title: 'Salsas',
  required: false,
  type_input: 2,
  options: [
    { title: 'Salsa de la casa', price: 0 },
    { title: 'BBQ', price: 0 },
    { title: 'Miel mostaza', price: 0 },
    { title: 'Salsa de ajo', price: 0 },
    { title: 'Ají casero', price: 0, modifier: 'Ají' },
  ],
};

const salsasPollo: DemoGroup = {
  title: 'Salsas',
  required: false,
  type_input: 2,
  options: [
    { title: 'Ají de la casa', price: 0, modifier: 'Ají' },
    { title: 'BBQ', price: 0 },
    { title: 'Miel mostaza', price: 0 },
    { title: 'Salsa de ajo', price: 0 },
    { title: 'Chimichurri', price: 0 },
  ],
};

const salsasPapas: DemoGroup = {
  title: 'Salsas',
  required: false,
  type_input: 2,
  options: [
    { title: 'Salsa de tomate', price: 0 },
    { title: 'Mayonesa', price: 0 },
    { title: 'Salsa de ajo', price: 0 },
    { title: 'Queso fundido', price: 3000, modifier: 'Queso cheddar' },
  ],
};

const acompanamientoPollo: DemoGroup = {
  title: 'Acompañamiento',
  required: true,
  type_input: 1,
  options: [
    { title: 'Papa salada', price: 0 },
    { title: 'Papas a la francesa', price: 0 },
    { title: 'Arepa con mantequilla', price: 0 },
    { title: 'Yuca cocida', price: 0 },
  ],
};

const bebidaCombo: DemoGroup = {
  title: 'Elige tu bebida',
  required: true,
  type_input: 1,
  options: [
    { title: 'Gaseosa de cola', price: 0 },
    { title: 'Gaseosa de cola sin azúcar', price: 0 },
    { title: 'Gaseosa de manzana', price: 0 },
    { title: 'Limonada natural', price: 0 },
    { title: 'Agua sin gas', price: 0 },
  ],
};

const adicionesPizza: DemoGroup = {
  title: 'Adiciones',
  required: false,
  type_input: 2,
  options: [
    { title: 'Extra queso mozzarella', price: 4500, modifier: 'Queso mozzarella' },
    { title: 'Extra tocineta', price: 5000, modifier: 'Tocineta' },
    { title: 'Champiñones', price: 3500 },
    { title: 'Borde relleno de queso', price: 6000, modifier: 'Borde de queso' },
  ],
};

/** Pizza sizes; a priced required choice, so the pizza's own price is the personal one. */
const tamanoPizza = (personal: number, mediana: number, familiar: number): DemoGroup => ({
  title: 'Tamaño',
  required: true,
  type_input: 1,
  options: [
    { title: 'Personal (4 porciones)', price: personal },
    { title: 'Mediana (6 porciones)', price: mediana },
    { title: 'Familiar (8 porciones)', price: familiar },
  ],
});

const panSandwich: DemoGroup = {
  title: 'Tipo de pan',
  required: true,
  type_input: 1,
  options: [
    { title: 'Pan francés', price: 0 },
    { title: 'Pan integral', price: 0 },
    { title: 'Pan de queso', price: 0 },
  ],
};

const adicionesPerro: DemoGroup = {
  title: 'Adiciones',
  required: false,
  type_input: 2,
  options: [
    { title: 'Tocineta picada', price: 3500, modifier: 'Tocineta' },
    { title: 'Queso gratinado', price: 3000, modifier: 'Queso mozzarella' },
    { title: 'Huevos de codorniz (3)', price: 2500, modifier: 'Huevos de codorniz' },
    { title: 'Aguacate', price: 4500 },
  ],
};

const salsasPerro: DemoGroup = {
  title: 'Salsas',
  required: false,
  type_input: 2,
  options: [
    { title: 'Salsa de piña', price: 0 },
    { title: 'Salsa de tomate', price: 0 },
    { title: 'Mostaza', price: 0 },
    { title: 'Mayonesa', price: 0 },
    { title: 'Salsa rosada', price: 0 },
  ],
};

const aderezo: DemoGroup = {
  title: 'Aderezo',
  required: true,
  type_input: 1,
  options: [
    { title: 'César clásico', price: 0 },
    { title: 'Vinagreta de la casa', price: 0 },
    { title: 'Miel mostaza', price: 0 },
    { title: 'Yogur y hierbas', price: 0 },
  ],
};

const adicionesEnsalada: DemoGroup = {
  title: 'Adiciones',
  required: false,
  type_input: 2,
  options: [
    { title: 'Aguacate', price: 4500 },
    { title: 'Tocineta crocante', price: 4000, modifier: 'Tocineta' },
    { title: 'Pollo a la plancha extra', price: 6000, modifier: 'Pollo a la plancha' },
    { title: 'Huevo cocido', price: 2500, modifier: 'Huevo' },
    { title: 'Queso campesino', price: 3000 },
  ],
};

const baseBowl: DemoGroup = {
  title: 'Base del bowl',
  required: true,
  type_input: 1,
  options: [
    { title: 'Arroz blanco', price: 0 },
    { title: 'Arroz integral', price: 0 },
    { title: 'Mix de lechugas', price: 0 },
    { title: 'Mitad arroz, mitad lechugas', price: 0 },
  ],
};

// ---------------------------------------------------------------------------------------------
// The chain
// ---------------------------------------------------------------------------------------------
export const demoChain: DemoChain = {
  branches: [
    {
      slug: 'campina',
      point: { lat: 4.7432, lng: -74.0689 },
      prepMinutes: 20,
      title: 'Campiña',
      address: 'Cl. 152B #58C-20, La Campiña, Suba',
      phone: '6016852240',
      city: 'Bogotá',
      hours: [
        { weekday: 0, opens: '12:00', closes: '21:00' },
        { weekday: 1, opens: '11:30', closes: '22:00' },
        { weekday: 2, opens: '11:30', closes: '22:00' },
        { weekday: 3, opens: '11:30', closes: '22:00' },
        { weekday: 4, opens: '11:30', closes: '22:00' },
        { weekday: 5, opens: '11:30', closes: '23:00' },
        { weekday: 6, opens: '11:30', closes: '23:00' },
      ],
      delivery: {
        available: true,
        neighbourhoods: [
          'La Campiña',
          'Colina Campestre',
          'Mazurén',
          'Niza',
          'Prado Veraniego',
          'Villa del Prado',
          'Las Villas',
          'Pontevedra',
        ],
      },
    },
    {
      slug: 'chico',
      point: { lat: 4.6766, lng: -74.0483 },
      prepMinutes: 25,
      title: 'Chicó',
      address: 'Cra. 15 #93-47, Chicó',
      phone: '6017654321',
      city: 'Bogotá',
      hours: [
        { weekday: 0, opens: '12:00', closes: '21:00' },
        { weekday: 1, opens: '11:30', closes: '22:00' },
        { weekday: 2, opens: '11:30', closes: '22:00' },
        { weekday: 3, opens: '11:30', closes: '22:00' },
        { weekday: 4, opens: '11:30', closes: '23:00' },
        // Friday and Saturday nights run past midnight, until 2 a.m.
        { weekday: 5, opens: '11:30', closes: '02:00' },
        { weekday: 6, opens: '11:30', closes: '02:00' },
      ],
      delivery: {
        available: true,
        neighbourhoods: [
          'Chicó Norte',
          'El Virrey',
          'Chapinero Alto',
          'Rosales',
          'La Cabrera',
          'Santa Bárbara',
          'Antiguo Country',
          'El Retiro',
        ],
      },
    },
    {
      slug: 'terminal-24h',
      point: { lat: 4.6534, lng: -74.1151 },
      prepMinutes: 15,
      title: 'Terminal 24h',
      address: 'Diag. 23 #69-60, Terminal Salitre, Módulo 2, local 210',
      phone: '3157892410',
      city: 'Bogotá',
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
      delivery: {
        available: true,
        neighbourhoods: [
          'Ciudad Salitre',
          'Modelia',
          'Hayuelos',
          'Fontibón',
          'Normandía',
          'La Esperanza',
          'Capellanía',
        ],
      },
    },
    {
      slug: 'el-poblado',
      point: { lat: 6.2088, lng: -75.5679 },
      prepMinutes: 20,
      title: 'El Poblado',
      address: 'Cra. 37 #8A-32, Provenza, El Poblado',
      phone: '6043118875',
      city: 'Medellín',
      hours: [
        { weekday: 0, opens: '12:00', closes: '21:00' },
        { weekday: 1, opens: '12:00', closes: '22:00' },
        { weekday: 2, opens: '12:00', closes: '22:00' },
        { weekday: 3, opens: '12:00', closes: '22:00' },
        { weekday: 4, opens: '12:00', closes: '22:00' },
        { weekday: 5, opens: '12:00', closes: '23:30' },
        { weekday: 6, opens: '12:00', closes: '23:30' },
      ],
      delivery: {
        available: true,
        neighbourhoods: [
          'El Poblado',
          'Provenza',
          'Manila',
          'Astorga',
          'Castropol',
          'Los Balsos',
          'Patio Bonito',
          'La Aguacatala',
        ],
      },
    },
    {
      slug: 'granada',
      point: { lat: 3.4617, lng: -76.532 },
      prepMinutes: 15,
      title: 'Granada',
      address: 'Av. 9 Norte #15N-21, Granada',
      phone: '6024869130',
      city: 'Cali',
      hours: [
        { weekday: 0, opens: '12:00', closes: '20:00' },
        { weekday: 1, opens: '11:30', closes: '21:30' },
        { weekday: 2, opens: '11:30', closes: '21:30' },
        { weekday: 3, opens: '11:30', closes: '21:30' },
        { weekday: 4, opens: '11:30', closes: '21:30' },
        { weekday: 5, opens: '11:30', closes: '22:30' },
        { weekday: 6, opens: '11:30', closes: '22:30' },
      ],
      // A small counter without couriers: pickup only.
      delivery: { available: false, neighbourhoods: [] },
    },
  ],

  categories: [
    {
      slug: 'hamburguesas',
      title: 'Hamburguesas',
      photo: img('categories/hamburguesas'),
      products: [
        {
          slug: 'hamburguesa-clasica',
          title: 'Hamburguesa Clásica',
          description:
            'Carne de res de 150 g a la parrilla, queso mozzarella, lechuga, tomate y cebolla caramelizada en pan brioche. La de toda la vida, hecha como se debe.',
          description_eco: 'Res a la parrilla, queso, lechuga, tomate y cebolla caramelizada.',
          image: product('hamburguesa-clasica'),
          price: 22900,
          branchPrices: { 'terminal-24h': 25900 },
          groups: [terminoCarne, adicionesHamburguesa, salsasHamburguesa],
        },
        {
          slug: 'hamburguesa-doble-queso',
          title: 'Doble Queso',
          description:
            'Dos carnes de res de 120 g, doble queso cheddar fundido, pepinillos y nuestra salsa de la casa. Para los que llegan con hambre de verdad.',
          description_eco: 'Doble carne, doble cheddar fundido y pepinillos.',
          image: product('hamburguesa-doble-queso'),
          price: 29900,
          groups: [terminoCarne, adicionesHamburguesa, salsasHamburguesa],
        },
        {
          slug: 'hamburguesa-tocineta-bbq',
          title: 'Tocineta BBQ',
          description:
            'Carne de res de 150 g, tocineta crocante, queso cheddar, aros de cebolla y salsa BBQ ahumada. Dulce, salada y con ese toque de humo.',
          description_eco: 'Tocineta crocante, cheddar, aros de cebolla y BBQ ahumada.',
          image: product('hamburguesa-tocineta-bbq'),
          price: 27900,
          groups: [terminoCarne, adicionesHamburguesa, salsasHamburguesa],
        },
        {
          slug: 'hamburguesa-criolla',
          title: 'Hamburguesa Criolla',
          description:
            'Carne de res de 150 g, chorizo santarrosano, maduro calado, huevo frito y hogao casero. El sabor de la casa entre dos panes.',
          description_eco: 'Con chorizo, maduro calado, huevo frito y hogao casero.',
          image: product('hamburguesa-criolla'),
          price: 31900,
          branchPrices: { 'terminal-24h': 35900 },
          groups: [terminoCarne, adicionesHamburguesa, salsasHamburguesa],
        },
        {
          slug: 'hamburguesa-pollo-crispy',
          title: 'Pollo Crispy',
          description:
            'Pechuga apanada bien crocante, ensalada de repollo, pepinillos y mayonesa de ajo en pan brioche. Pídela picante si te le mides.',
          description_eco: 'Pechuga apanada crocante, repollo y mayonesa de ajo.',
          image: product('hamburguesa-pollo-crispy'),
          price: 24900,
          groups: [
            {
              title: 'Estilo',
              required: true,
              type_input: 1,
              options: [
                { title: 'Clásica', price: 0 },
                { title: 'Picante', price: 0 },
              ],
            },
            adicionesHamburguesa,
            salsasHamburguesa,
          ],
        },
        {
          slug: 'combo-dorado',
          title: 'Combo Dorado',
          description:
            'Hamburguesa Clásica, papas a la francesa y bebida personal. Nuestro combo más pedido, listo para el antojo.',
          description_eco: 'Hamburguesa Clásica + papas a la francesa + bebida.',
          image: product('combo-dorado'),
          price: 34900,
          branchPrices: { 'terminal-24h': 39500 },
          groups: [terminoCarne, bebidaCombo, adicionesHamburguesa, salsasHamburguesa],
        },
      ],
    },
    {
      slug: 'pizzas',
      title: 'Pizzas',
      photo: img('categories/pizzas'),
      products: [
        {
          slug: 'pizza-campina',
          title: 'Pizza Campiña',
          description:
            'Nuestra nueva pizza de la casa: maíz tierno, tocineta, champiñones y mozzarella sobre salsa de tomate horneada a la piedra. Nació en la sede Campiña.',
          description_eco: 'Maíz tierno, tocineta, champiñones y mozzarella. ¡Nueva!',
          image: product('pizza-campina'),
          price: 31900,
          groups: [tamanoPizza(31900, 45900, 62900), adicionesPizza],
        },
        {
          slug: 'pizza-hawaiana',
          title: 'Pizza Hawaiana',
          description:
            'Jamón, piña en almíbar y mucho queso mozzarella. La que divide opiniones y siempre se acaba primero.',
          description_eco: 'Jamón, piña y queso mozzarella.',
          image: product('pizza-hawaiana'),
          price: 29900,
          groups: [tamanoPizza(29900, 42900, 58900), adicionesPizza],
        },
        {
          slug: 'pizza-pepperoni',
          title: 'Pizza Pepperoni',
          description:
            'Pepperoni en rodajas, mozzarella y un toque de ají en hojuelas sobre nuestra salsa de tomate. Clásica, crocante y generosa.',
          description_eco: 'Pepperoni, mozzarella y ají en hojuelas.',
          image: product('pizza-pepperoni'),
          price: 29900,
          groups: [tamanoPizza(29900, 42900, 58900), adicionesPizza],
        },
        {
          slug: 'pizza-pollo-champinones',
          title: 'Pollo y Champiñones',
          description:
            'Pollo desmechado, champiñones salteados en mantequilla de ajo y mozzarella. Cremosa y rendidora, ideal para compartir.',
          description_eco: 'Pollo desmechado, champiñones al ajillo y mozzarella.',
          image: product('pizza-pollo-champinones'),
          price: 30900,
          groups: [tamanoPizza(30900, 44900, 60900), adicionesPizza],
        },
        {
          slug: 'pizza-vegetariana',
          title: 'Pizza Vegetariana',
          description:
            'Tomate, pimentón, cebolla morada, aceitunas, espinaca y mozzarella con orégano fresco. Liviana pero con todo el sabor.',
          description_eco: 'Tomate, pimentón, cebolla, aceitunas, espinaca y mozzarella.',
          image: product('pizza-vegetariana'),
          price: 28900,
          groups: [tamanoPizza(28900, 40900, 56900), adicionesPizza],
        },
      ],
    },
    {
      slug: 'pollo-a-la-brasa',
      title: 'Pollo a la brasa',
      photo: img('categories/pollo-a-la-brasa'),
      products: [
        {
          slug: 'cuarto-de-pollo',
          title: '1/4 de pollo a la brasa',
          description:
            'Un cuarto de pollo marinado 24 horas en nuestras especias y dorado lentamente a la brasa. Viene con el acompañamiento que elijas y ensalada fresca.',
          description_eco: 'Pollo dorado a la brasa con acompañamiento y ensalada.',
          image: product('cuarto-de-pollo'),
          price: 21900,
          branchPrices: { 'terminal-24h': 24500 },
          groups: [acompanamientoPollo, salsasPollo],
        },
        {
          slug: 'medio-pollo',
          title: '1/2 pollo a la brasa',
          description:
            'Medio pollo jugoso por dentro y crocante por fuera, con acompañamiento a elección, ensalada y ají de la casa. Perfecto para dos.',
          description_eco: 'Medio pollo a la brasa para dos, con acompañamiento.',
          image: product('medio-pollo'),
          price: 36900,
          branchPrices: { 'el-poblado': 38900 },
          groups: [acompanamientoPollo, salsasPollo],
        },
        {
          slug: 'pollo-entero',
          title: 'Pollo entero a la brasa',
          description:
            'Pollo entero a la brasa despresado en 8 presas, con dos porciones del acompañamiento que elijas, ensalada y arepas. Para toda la familia.',
          description_eco: 'Pollo entero en 8 presas, dos acompañamientos y arepas.',
          image: product('pollo-entero'),
          price: 64900,
          groups: [acompanamientoPollo, salsasPollo],
        },
        {
          slug: 'alitas-bbq',
          title: 'Alitas a la brasa',
          description:
            'Alitas a la brasa bañadas en la salsa que prefieras, con bastones de apio y salsa de queso azul. Se comen con la mano, como debe ser.',
          description_eco: 'Alitas bañadas en tu salsa favorita, con apio y queso azul.',
          image: product('alitas-bbq'),
          price: 19900,
          groups: [
            {
              title: 'Cantidad',
              required: true,
              type_input: 1,
              options: [
                { title: '6 alitas', price: 19900 },
                { title: '12 alitas', price: 34900 },
                { title: '18 alitas', price: 48900 },
              ],
            },
            {
              title: 'Salsa de las alitas',
              required: true,
              type_input: 1,
              options: [
                { title: 'BBQ ahumada', price: 0, modifier: 'BBQ' },
                { title: 'Búfalo picante', price: 0 },
                { title: 'Miel mostaza', price: 0 },
                { title: 'Maracuyá', price: 0 },
              ],
            },
          ],
        },
        {
          slug: 'combo-familiar-brasa',
          title: 'Combo Familiar a la Brasa',
          description:
            'Pollo entero a la brasa, papas a la francesa familiares, ensalada, arepas y gaseosa de 1,5 litros. Todo lo que necesita el almuerzo del domingo.',
          description_eco: 'Pollo entero, papas familiares, arepas y gaseosa 1,5 L.',
          image: product('combo-familiar-brasa'),
          price: 84900,
          notOfferedAt: ['terminal-24h'],
          groups: [
            {
              title: 'Elige tu gaseosa (1,5 L)',
              required: true,
              type_input: 1,
              options: [
                { title: 'Gaseosa de cola', price: 0 },
                { title: 'Gaseosa de cola sin azúcar', price: 0 },
                { title: 'Gaseosa de manzana', price: 0 },
                { title: 'Gaseosa de naranja', price: 0 },
              ],
            },
            salsasPollo,
          ],
        },
      ],
    },
    {
      slug: 'perros-y-sandwiches',
      title: 'Perros y sándwiches',
      photo: img('categories/perros-y-sandwiches'),
      products: [
        {
          slug: 'perro-sencillo',
          title: 'Perro Sencillo',
          description:
            'Salchicha americana en pan suave, papita ripio, queso rallado y las salsas que quieras. El clásico de la calle, pero en casa.',
          description_eco: 'Salchicha americana, papita ripio, queso y salsas.',
          image: product('perro-sencillo'),
          price: 15900,
          branchPrices: { 'terminal-24h': 17900 },
          groups: [salsasPerro, adicionesPerro],
        },
        {
          slug: 'perro-especial',
          title: 'Perro Especial',
          description:
            'Salchicha ranchera, tocineta, queso gratinado, huevos de codorniz y papita ripio. Un perro con todo, como en los mejores carritos.',
          description_eco: 'Ranchera, tocineta, queso gratinado y huevos de codorniz.',
          image: product('perro-especial'),
          price: 21900,
          groups: [salsasPerro, adicionesPerro],
        },
        {
          slug: 'sandwich-cubano',
          title: 'Sándwich Cubano',
          description:
            'Cerdo desmechado, jamón, queso derretido, pepinillos y mostaza, prensado hasta quedar dorado y crocante.',
          description_eco: 'Cerdo desmechado, jamón, queso, pepinillos y mostaza.',
          image: product('sandwich-cubano'),
          price: 24900,
          groups: [panSandwich],
        },
        {
          slug: 'sandwich-pollo-aguacate',
          title: 'Sándwich de Pollo y Aguacate',
          description:
            'Pollo a la plancha, aguacate fresco, tomate, lechuga y mayonesa de cilantro. Fresco, llenador y sin complicaciones.',
          description_eco: 'Pollo a la plancha, aguacate, tomate y mayonesa de cilantro.',
          image: product('sandwich-pollo-aguacate'),
          price: 23900,
          groups: [panSandwich, adicionesEnsalada],
        },
        {
          slug: 'wrap-de-pollo',
          title: 'Wrap de Pollo',
          description:
            'Tortilla de trigo con pollo a la brasa desmechado, arroz, fríjol, pico de gallo y queso. Ideal para comer caminando.',
          description_eco: 'Pollo a la brasa, arroz, fríjol, pico de gallo y queso.',
          image: product('wrap-de-pollo'),
          price: 22900,
          groups: [
            {
              title: 'Salsa del wrap',
              required: true,
              type_input: 1,
              options: [
                { title: 'Chipotle', price: 0 },
                { title: 'Ranch', price: 0 },
                { title: 'Guacamole', price: 0 },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'ensaladas-y-bowls',
      title: 'Ensaladas y bowls',
      photo: img('categories/ensaladas-y-bowls'),
      products: [
        {
          slug: 'ensalada-cesar',
          title: 'Ensalada César con pollo',
          description:
            'Lechuga romana, pollo a la plancha, crutones, queso parmesano y aderezo César. Un clásico que nunca falla.',
          description_eco: 'Romana, pollo a la plancha, crutones y parmesano.',
          image: product('ensalada-cesar'),
          price: 23900,
          groups: [aderezo, adicionesEnsalada],
        },
        {
          slug: 'ensalada-de-la-casa',
          title: 'Ensalada de la Casa',
          description:
            'Mix de lechugas, tomate cherry, pepino, zanahoria, maíz tierno y semillas de girasol. Liviana y fresca para acompañar o para el almuerzo.',
          description_eco: 'Lechugas, tomate cherry, pepino, maíz y semillas.',
          image: product('ensalada-de-la-casa'),
          price: 17900,
          groups: [aderezo, adicionesEnsalada],
        },
        {
          slug: 'bowl-pollo-aguacate',
          title: 'Bowl de Pollo y Aguacate',
          description:
            'Pollo a la brasa en trozos, aguacate, maíz tierno, fríjol negro y pico de gallo sobre la base que prefieras. Colorido y muy completo.',
          description_eco: 'Pollo a la brasa, aguacate, maíz, fríjol y pico de gallo.',
          image: product('bowl-pollo-aguacate'),
          price: 26900,
          groups: [baseBowl, adicionesEnsalada],
        },
        {
          slug: 'bowl-res-teriyaki',
          title: 'Bowl de Res Teriyaki',
          description:
            'Tiras de res salteadas en salsa teriyaki, vegetales al wok, ajonjolí y cebollín. El toque oriental del menú.',
          description_eco: 'Res en salsa teriyaki, vegetales al wok y ajonjolí.',
          image: product('bowl-res-teriyaki'),
          price: 29900,
          groups: [baseBowl, adicionesEnsalada],
        },
        {
          slug: 'bowl-falafel',
          title: 'Bowl de Falafel',
          description:
            'Falafel de garbanzo horneado, hummus, pepino, tomate, cebolla morada y salsa de yogur. Vegetariano y lleno de sabor.',
          description_eco: 'Falafel, hummus, vegetales frescos y salsa de yogur.',
          image: product('bowl-falafel'),
          price: 25900,
          groups: [baseBowl],
        },
      ],
    },
    {
      slug: 'acompanamientos',
      title: 'Acompañamientos',
      photo: img('categories/acompanamientos'),
      products: [
        {
          slug: 'papas-a-la-francesa',
          title: 'Papas a la francesa',
          description:
            'Papas crocantes por fuera y suaves por dentro, con sal marina. Pídelas para compartir.',
          description_eco: 'Crocantes, doraditas y con sal marina.',
          image: product('papas-a-la-francesa'),
          price: 7900,
          groups: [
            {
              title: 'Tamaño',
              required: true,
              type_input: 1,
              options: [
                { title: 'Personal', price: 7900 },
                { title: 'Para compartir', price: 12900 },
              ],
            },
            salsasPapas,
          ],
        },
        {
          slug: 'papas-cheddar-tocineta',
          title: 'Papas Cheddar y Tocineta',
          description:
            'Papas a la francesa bañadas en queso cheddar fundido con tocineta crocante y cebollín. Peligrosamente adictivas.',
          description_eco: 'Papas con cheddar fundido, tocineta y cebollín.',
          image: product('papas-cheddar-tocineta'),
          price: 14900,
          groups: [salsasPapas],
        },
        {
          slug: 'papa-criolla',
          title: 'Papa criolla dorada',
          description:
            'Papa criolla frita con sal de ajo y un toque de limón. Viene con ají de la casa.',
          description_eco: 'Papa criolla frita con sal de ajo y ají de la casa.',
          image: product('papa-criolla'),
          price: 9900,
        },
        {
          slug: 'mazorca-asada',
          title: 'Mazorca asada',
          description:
            'Mazorca tierna asada a la brasa con mantequilla de ajo y queso costeño rallado.',
          description_eco: 'A la brasa, con mantequilla de ajo y queso costeño.',
          image: product('mazorca-asada'),
          price: 8900,
        },
        {
          slug: 'aros-de-cebolla',
          title: 'Aros de cebolla',
          description:
            'Aros de cebolla apanados en cerveza, dorados y crujientes, con salsa BBQ para untar.',
          description_eco: 'Apanados en cerveza, crujientes, con salsa BBQ.',
          image: product('aros-de-cebolla'),
          price: 11900,
          groups: [salsasPapas],
        },
        {
          slug: 'guacamole-con-totopos',
          title: 'Guacamole con totopos',
          description:
            'Guacamole preparado al momento con aguacate hass, tomate, cebolla y cilantro, con totopos de maíz.',
          description_eco: 'Guacamole del día con totopos de maíz.',
          image: product('guacamole-con-totopos'),
          price: 12900,
        },
      ],
    },
    {
      slug: 'bebidas',
      title: 'Bebidas',
      photo: img('categories/bebidas'),
      products: [
        {
          slug: 'gaseosa',
          title: 'Gaseosa personal',
          description: 'Gaseosa bien fría de 400 ml en el sabor que prefieras.',
          description_eco: 'Bien fría, 400 ml.',
          image: product('gaseosa'),
          price: 5500,
          branchPrices: { 'terminal-24h': 6200 },
          groups: [
            {
              title: 'Sabor',
              required: true,
              type_input: 1,
              options: [
                { title: 'Cola', price: 0 },
                { title: 'Cola sin azúcar', price: 0 },
                { title: 'Manzana', price: 0 },
                { title: 'Naranja', price: 0 },
                { title: 'Uva', price: 0 },
              ],
            },
          ],
        },
        {
          slug: 'jugo-natural',
          title: 'Jugo natural',
          description:
            'Jugo de fruta fresca preparado al momento, en agua o en leche. Pregunta por la fruta del día.',
          description_eco: 'Fruta fresca al momento, en agua o en leche.',
          image: product('jugo-natural'),
          price: 7900,
          groups: [
            {
              title: 'Fruta',
              required: true,
              type_input: 1,
              options: [
                { title: 'Mango', price: 0 },
                { title: 'Fresa', price: 0 },
                { title: 'Mora', price: 0 },
                { title: 'Lulo', price: 0 },
                { title: 'Maracuyá', price: 0 },
                { title: 'Guanábana', price: 0 },
              ],
            },
            {
              title: 'Preparación',
              required: true,
              type_input: 1,
              options: [
                { title: 'En agua', price: 7900 },
                { title: 'En leche', price: 8900 },
              ],
            },
          ],
        },
        {
          slug: 'limonada-de-coco',
          title: 'Limonada de coco',
          description:
            'Limonada cremosa con crema de coco, granizada y bien fría. La favorita de la casa.',
          description_eco: 'Cremosa, granizada y con crema de coco.',
          image: product('limonada-de-coco'),
          price: 9900,
          soldOutAt: ['campina'],
        },
        {
          slug: 'limonada-natural',
          title: 'Limonada natural',
          description:
            'Limonada de limón tahití recién exprimido, con hielo. Refrescante y sin vueltas.',
          description_eco: 'Limón recién exprimido, con hielo.',
          image: product('limonada-natural'),
          price: 6900,
          groups: [
            {
              title: 'Endulzante',
              required: true,
              type_input: 1,
              options: [
                { title: 'Con azúcar', price: 0 },
                { title: 'Con panela', price: 0 },
                { title: 'Sin endulzar', price: 0 },
              ],
            },
          ],
        },
        {
          slug: 'cerveza-nacional',
          title: 'Cerveza nacional',
          description: 'Cerveza nacional de 330 ml, helada. Venta solo a mayores de 18 años.',
          description_eco: 'Helada, 330 ml. Solo para mayores de 18 años.',
          image: product('cerveza-nacional'),
          price: 8500,
          notOfferedAt: ['terminal-24h'],
          groups: [
            {
              title: 'Estilo',
              required: true,
              type_input: 1,
              options: [
                { title: 'Rubia', price: 0 },
                { title: 'Roja', price: 0 },
                { title: 'Negra', price: 0 },
              ],
            },
          ],
        },
        {
          slug: 'capuchino',
          title: 'Capuchino',
          description: 'Café colombiano de origen con leche espumada y un toque de canela.',
          description_eco: 'Café de origen con leche espumada y canela.',
          image: product('capuchino'),
          price: 6500,
          groups: [
            {
              title: 'Leche',
              required: true,
              type_input: 1,
              options: [
                { title: 'Entera', price: 6500 },
                { title: 'Deslactosada', price: 6500 },
                { title: 'De almendras', price: 8000 },
              ],
            },
            {
              title: 'Extras',
              required: false,
              type_input: 2,
              options: [
                { title: 'Shot extra de espresso', price: 2500, modifier: 'Espresso' },
                { title: 'Crema batida', price: 1500 },
                { title: 'Salsa de arequipe', price: 1500, modifier: 'Arequipe' },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'postres',
      title: 'Postres',
      photo: img('categories/postres'),
      products: [
        {
          slug: 'torta-tres-leches',
          title: 'Torta tres leches',
          description:
            'Bizcocho esponjoso bañado en tres leches, con merengue y un toque de canela. Receta de la abuela.',
          description_eco: 'Esponjosa, bañada en tres leches y con merengue.',
          image: product('torta-tres-leches'),
          price: 9900,
          soldOutAt: ['chico', 'el-poblado'],
        },
        {
          slug: 'brownie-con-helado',
          title: 'Brownie con helado',
          description:
            'Brownie de chocolate tibio con una bola de helado de vainilla. El final perfecto.',
          description_eco: 'Brownie tibio con helado de vainilla.',
          image: product('brownie-con-helado'),
          price: 12900,
          groups: [
            {
              title: 'Adiciones',
              required: false,
              type_input: 2,
              options: [
                { title: 'Arequipe', price: 2000 },
                { title: 'Salsa de chocolate', price: 2000 },
                { title: 'Bola extra de helado', price: 4000, modifier: 'Helado' },
              ],
            },
          ],
        },
        {
          slug: 'copa-de-helado',
          title: 'Copa de helado',
          description:
            'Tres bolas de helado artesanal con salsa de chocolate, chispitas y barquillo.',
          description_eco: 'Tres bolas de helado artesanal con salsa y barquillo.',
          image: product('copa-de-helado'),
          price: 10900,
          groups: [
            {
              title: 'Sabores',
              required: true,
              type_input: 1,
              options: [
                { title: 'Vainilla, chocolate y fresa', price: 0 },
                { title: 'Arequipe, café y vainilla', price: 0 },
                { title: 'Mora, maracuyá y limón', price: 0 },
              ],
            },
          ],
        },
        {
          slug: 'flan-de-caramelo',
          title: 'Flan de caramelo',
          description:
            'Flan casero de huevo y vainilla bañado en caramelo. Suave, tembloroso y delicioso.',
          description_eco: 'Casero, suave y bañado en caramelo.',
          image: product('flan-de-caramelo'),
          price: 7900,
        },
        {
          slug: 'galleta-de-chocolate',
          title: 'Galleta de chips de chocolate',
          description:
            'Galleta grande horneada cada mañana, crocante por fuera y blandita por dentro.',
          description_eco: 'Horneada hoy, crocante por fuera y blandita por dentro.',
          image: product('galleta-de-chocolate'),
          price: 5900,
          groups: [
            {
              title: 'Acompáñala',
              required: false,
              type_input: 2,
              options: [{ title: 'Vaso de leche fría', price: 3000, modifier: 'Leche' }],
            },
          ],
        },
        {
          slug: 'ensalada-de-frutas',
          title: 'Ensalada de frutas',
          description:
            'Fruta fresca picada con crema de leche, helado y queso rallado, como en las mejores fruterías.',
          description_eco: 'Fruta fresca con crema, helado y queso rallado.',
          image: product('ensalada-de-frutas'),
          price: 13900,
          groups: [
            {
              title: 'Helado',
              required: true,
              type_input: 1,
              options: [
                { title: 'Vainilla', price: 0 },
                { title: 'Fresa', price: 0 },
                { title: 'Sin helado', price: 0 },
              ],
            },
          ],
        },
      ],
    },
  ],

  banners: [
    { title: '2x1 en hamburguesas los martes', image: img('banners/2x1-hamburguesas-martes') },
    { title: 'Domicilio gratis en pedidos desde $40.000', image: img('banners/domicilio-gratis') },
    { title: 'Nuevo: Pizza Campiña', image: img('banners/nueva-pizza-campina') },
    { title: 'Abiertos 24 horas en la sede Terminal', image: img('banners/abiertos-24-horas') },
  ],

  paymentTypes: [
    { description: 'Efectivo', kind: 'cash' },
    { description: 'Datáfono', kind: 'on_delivery' },
    { description: 'Transferencia', kind: 'on_delivery' },
    { description: 'Pago en línea: tarjeta, PSE o Nequi', kind: 'online' },
  ],

  surveyParameters: [
    'Redes sociales',
    'Recomendación de un amigo',
    'Google',
    'Pasé por el local',
    'Volante o publicidad impresa',
    'Otro',
  ],

  coupons: (
    [
      ['campina', 'Campiña'],
      ['chico', 'Chicó'],
      ['terminal-24h', 'Terminal 24h'],
      ['el-poblado', 'El Poblado'],
      ['granada', 'Granada'],
    ] as const
  ).map(([branch, title]) => ({
    branch,
    title: `10% de descuento en tu primer pedido — Sede ${title}`,
    description: `Déjanos tu nombre y tu correo y te enviamos un cupón del 10% para tu primer pedido en La Brasa Dorada ${title}. Válido por 30 días, no acumulable con otras promociones.`,
    main_image: img(`coupons/cupon-${branch}`),
    confirmation_image: img(`coupons/confirmacion-${branch}`),
  })),
};
