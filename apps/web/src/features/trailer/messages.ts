/** Every word of the trailer page. */
export const messages = {
  heading: (name: string) => `تریلر ${name}`,
  play: 'پخش تریلر',
  playLabel: (name: string) => `پخش تریلر ${name}`,
  frameTitle: (name: string) => `تریلر ${name}`,
  source: 'تریلر از یوتیوب پخش می‌شود و تا وقتی دکمهٔ پخش را نزنید چیزی از آن بارگذاری نمی‌شود.',
  duration: (d: string) => `مدت: ${d}`,
  none: 'برای این عنوان هنوز تریلری نداریم.',
  backToTitle: 'صفحهٔ فیلم یا سریال',
  loading: 'در حال بارگذاری تریلر…',
};
