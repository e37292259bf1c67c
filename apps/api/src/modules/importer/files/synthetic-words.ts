/** Word lists the synthetic generator draws titles and names from. */

export const EN_ADJECTIVES = [
  'Dark', 'Silent', 'Last', 'First', 'Lost', 'Hidden', 'Broken', 'Golden', 'Red', 'Black', 'White', 'Blue',
  'Wild', 'Eternal', 'Lonely', 'Crazy', 'Beautiful', 'Brave', 'Secret', 'Forgotten', 'Frozen', 'Burning',
  'Endless', 'Distant', 'Savage', 'Quiet', 'Little', 'Great', 'Final', 'Midnight', 'Deadly', 'Sweet', 'Bitter',
  'Iron', 'Crimson', 'Hollow', 'Fallen', 'Rising', 'Sacred', 'Wicked', 'Perfect', 'Strange', 'Invisible',
  'Electric', 'Northern', 'Southern', 'Restless', 'Ancient', 'Young', 'Cold', 'Hungry', 'Velvet', 'Silver',
];
export const EN_NOUNS = [
  'Shadow', 'Night', 'Day', 'Rain', 'Sea', 'Mountain', 'Fire', 'Earth', 'Wind', 'Star', 'Moon', 'Sun', 'Love',
  'War', 'Peace', 'House', 'City', 'Road', 'Journey', 'Return', 'Escape', 'Dream', 'Memory', 'Winter', 'Summer',
  'Autumn', 'Spring', 'Heart', 'Hand', 'Eye', 'Mirror', 'Window', 'Door', 'Wall', 'Garden', 'Flower', 'Bird',
  'Horse', 'Wolf', 'Lion', 'Forest', 'Desert', 'River', 'Bridge', 'Train', 'Ship', 'Letter', 'Song', 'Dance',
  'Silence', 'Light', 'Sky', 'Border', 'Island', 'Palace', 'Prison', 'School', 'Street', 'Market', 'Hero',
  'Thief', 'Detective', 'King', 'Queen', 'Prince', 'Soldier', 'Mother', 'Father', 'Brother', 'Sister',
  'Daughter', 'Stranger', 'Friend', 'Enemy', 'Kingdom', 'Empire', 'Legacy', 'Promise', 'Storm', 'Ocean',
  'Code', 'Game', 'Machine', 'Planet', 'Signal', 'Hunter', 'Ghost', 'Angel', 'Blood', 'Gold', 'Crown', 'Sword',
];
export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel',
  'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Emma', 'Mark', 'Laura', 'Paul', 'Anna', 'Steven', 'Julia', 'Andrew',
  'Grace', 'Kevin', 'Olivia', 'Brian', 'Sophie', 'George', 'Alice', 'Edward', 'Helen', 'Jack', 'Ruth', 'Henry',
  'Clara', 'Samuel', 'Nora', 'Reza', 'Leila', 'Ali', 'Sara', 'Hamid', 'Maryam', 'Parviz', 'Shirin', 'Kaveh',
  'Niloufar', 'Bahram', 'Golshifteh', 'Luca', 'Chiara', 'Hans', 'Ingrid', 'Pierre', 'Camille', 'Kenji', 'Yuki',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas',
  'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Allen',
  'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell',
  'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris',
  'Rogers', 'Reed', 'Cook', 'Morgan', 'Bell', 'Murphy', 'Cooper', 'Ahmadi', 'Hosseini', 'Karimi', 'Rahimi',
  'Moradi', 'Tehrani', 'Farahani', 'Kiarostami', 'Rossi', 'Bianchi', 'Schmidt', 'Fischer', 'Dubois', 'Moreau',
  'Tanaka', 'Sato', "O'Brien", 'Kowalski', 'Novak', 'Larsen',
];
export const FA_NOUNS = [
  'سایه', 'شب', 'روز', 'باران', 'دریا', 'کوه', 'آتش', 'خاک', 'باد', 'ستاره', 'ماه', 'خورشید', 'راز', 'عشق',
  'جنگ', 'صلح', 'خانه', 'شهر', 'جاده', 'سفر', 'بازگشت', 'فرار', 'رویا', 'خاطره', 'زمستان', 'تابستان', 'پاییز',
  'بهار', 'قلب', 'چشم', 'آینه', 'پنجره', 'دیوار', 'باغ', 'گل', 'پرنده', 'اسب', 'گرگ', 'شیر', 'جنگل', 'بیابان',
  'رود', 'پل', 'قطار', 'کشتی', 'نامه', 'ترانه', 'رقص', 'سکوت', 'فریاد', 'نور', 'آسمان', 'زمین', 'مرز', 'جزیره',
  'قصر', 'زندان', 'مدرسه', 'خیابان', 'کوچه', 'بازار', 'قهرمان', 'دزد', 'کارآگاه', 'پادشاه', 'ملکه', 'شاهزاده',
  'سرباز', 'مادر', 'پدر', 'برادر', 'خواهر', 'دختر', 'پسر', 'همسایه', 'غریبه', 'دوست', 'دشمن', 'طوفان', 'اقیانوس',
  'امپراتوری', 'میراث', 'قول', 'بازی', 'ماشین', 'سیاره', 'شکارچی', 'شبح', 'فرشته', 'خون', 'طلا', 'تاج', 'شمشیر',
];
export const FA_ADJECTIVES = [
  'تاریک', 'خاموش', 'آخر', 'گمشده', 'پنهان', 'شکسته', 'طلایی', 'سرخ', 'سیاه', 'سفید', 'آبی', 'وحشی', 'ابدی',
  'تنها', 'دیوانه', 'زیبا', 'شجاع', 'فراموش‌شده', 'یخ‌زده', 'سوزان', 'بی‌پایان', 'دور', 'آرام', 'کوچک', 'بزرگ',
  'نیمه‌شب', 'مرگبار', 'شیرین', 'تلخ', 'آهنین', 'مقدس', 'کامل', 'عجیب', 'نامرئی', 'باستانی', 'جوان', 'سرد',
];
/** English-looking names in Persian script, as Iranian releases transliterate them. */
export const FA_NAMES = [
  'جانسون', 'مایکل', 'رابرت', 'جیمز', 'دیوید', 'ویلیام', 'ریچارد', 'توماس', 'چارلز', 'جورج', 'هری', 'جک',
  'سارا', 'الیزابت', 'ماری', 'لورا', 'آنا', 'کاترین', 'ویکتوریا', 'اسمیت', 'براون', 'تیلور', 'ویلسون',
  'اندرسون', 'مارتین', 'کلارک', 'واکر', 'گرین', 'آدامز', 'بیکر', 'نلسون', 'کارتر', 'پارکر', 'مورگان', 'کوپر',
];
export const GENRES = [
  'Action', 'Adventure', 'Animation', 'Biography', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family',
  'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Sci-Fi', 'Sport', 'Thriller', 'War', 'Western',
];
// Drama and comedy dominate IMDb; listing them again weights the draw without a table.
export const GENRE_POOL = [...GENRES, 'Drama', 'Drama', 'Drama', 'Comedy', 'Comedy', 'Thriller', 'Romance'];
export const PROFESSIONS = ['actor', 'actress', 'director', 'writer', 'producer', 'composer', 'cinematographer', 'editor'];

// Words for alternative titles in other regions' own languages and scripts (title.akas).
export const DE_WORDS = ['Nacht', 'Schatten', 'Haus', 'Stadt', 'Liebe', 'Krieg', 'Reise', 'Traum', 'Sturm', 'Herz', 'Spiegel', 'Wald'];
export const FR_WORDS = ['La Nuit', "L'Ombre", 'La Maison', 'La Ville', "L'Amour", 'La Guerre', 'Le Voyage', 'Le Rêve', 'La Tempête', 'Le Cœur', 'Le Miroir', 'La Forêt'];
export const ES_WORDS = ['La Noche', 'La Sombra', 'La Casa', 'La Ciudad', 'El Amor', 'La Guerra', 'El Viaje', 'El Sueño', 'La Tormenta', 'El Corazón', 'El Espejo', 'El Bosque'];
export const RU_WORDS = ['Ночь', 'Тень', 'Дом', 'Город', 'Любовь', 'Война', 'Путешествие', 'Мечта', 'Буря', 'Сердце', 'Зеркало', 'Лес', 'Тайна', 'Возвращение'];
export const JA_WORDS = ['夜', '影', '家', '街', '愛', '戦争', '旅', '夢', '嵐', '心', '鏡', '森', 'ミステリー', 'ゴースト', 'ヒーロー'];
export const EL_WORDS = ['Νύχτα', 'Σκιά', 'Σπίτι', 'Πόλη', 'Αγάπη', 'Πόλεμος', 'Ταξίδι', 'Όνειρο', 'Καταιγίδα', 'Καρδιά'];
/** Persian titles as IMDb spells them in Latin letters for an Iranian film's original title. */
export const FA_ROMAN = ['Shab', 'Khaneh', 'Baran', 'Darya', 'Safar', 'Bazgasht', 'Sayeh', 'Asheghaneh', 'Jodaei', 'Gozaresh', 'Khak', 'Rooz', 'Panjereh', 'Setareh'];
/** Genres IMDb uses besides the film ones: TV formats and the two it files by form. */
export const TV_GENRES = ['Talk-Show', 'Reality-TV', 'Game-Show', 'News'];
