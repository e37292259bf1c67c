export const memberMessages = {
  titleNotFound: 'فیلم یا سریالی با این نشانی پیدا نشد.',
  episodeNotInTitle: 'این قسمت از این سریال نیست.',
};
