import type { z } from 'zod';
import type {
  adminCatalogueOptions,
  adminCollection,
  adminCollectionDetail,
  adminCollectionInput,
  adminCollectionUpdate,
  adminCreditInput,
  adminCreditOrder,
  adminCreditUpdate,
  adminDubInput,
  adminDubUpdate,
  adminEpisodeInput,
  adminEpisodeUpdate,
  adminGenre,
  adminGenreInput,
  adminGenreUpdate,
  adminPerson,
  adminPersonInput,
  adminPersonQuery,
  adminPersonUpdate,
  adminSeasonInput,
  adminSeasonUpdate,
  adminSlideshow,
  adminTitle,
  adminTitleCreate,
  adminTitleOrder,
  adminTitleQuery,
  adminTitleRef,
  adminTitleRow,
  adminTitleUpdate,
} from './admin-catalogue';
import type { adminImport, adminIngest, adminTitleMedia, adminUpload, importCreateBody, importsQuery, ingestsQuery, uploadsQuery } from './admin-media';
import type {
  adminGrantInput,
  adminGrantResult,
  adminMember,
  adminMemberDetail,
  adminMemberQuery,
  adminMemberReasonInput,
  adminRoleInput,
  adminSignOutResult,
} from './admin-members';
import type {
  adminDiscount,
  adminDiscountInput,
  adminDiscountQuery,
  adminDiscountUpdate,
  adminGift,
  adminGiftIssueInput,
  adminGiftQuery,
  adminPayment,
  adminPaymentDetail,
  adminPaymentQuery,
  adminPlan,
  adminPlanInput,
  adminPlanUpdate,
  adminReasonInput,
  adminRefundInput,
  adminRefundResult,
} from './admin-money';
import type {
  adminComment,
  adminCommentHideInput,
  adminCommentsQuery,
  adminCommentUpdateInput,
  adminMute,
  adminMuteInput,
  adminNotificationInput,
  adminNotificationPreview,
  adminNotificationPreviewInput,
  adminNotificationSent,
  adminRecipient,
  adminRecipientQuery,
  adminRequestAnswer,
  adminRequestDeclineInput,
  adminRequestFulfilInput,
  adminRequestGroup,
  adminRequestReopened,
  adminRequestReopenInput,
  adminRequestsQuery,
  adminStats,
  adminStatsQuery,
  adminTitlePick,
  adminTitlePickerQuery,
} from './admin-ops';
import type { auditEntry, auditQuery } from './admin';
import type {
  authResponse,
  changePasswordInput,
  emailInput,
  loginInput,
  loginWithTokenInput,
  messageResponse,
  registerInput,
  registerResponse,
  resetPasswordInput,
  userResponse,
} from './auth';
import type {
  collectionDetail,
  collectionQuery,
  collectionSummary,
  country,
  episode,
  filmographyItem,
  genre,
  mediaFile,
  personCreditsQuery,
  personQuery,
  personDetail,
  personSearchResult,
  searchQuery,
  seasonEpisodesQuery,
  slideshowQuery,
  titleCard,
  titleDetail,
  titleDetailQuery,
  titleListQuery,
  titleSearchResult,
} from './catalogue';
import type { PaginationMeta, pageQuery } from './common';
import type {
  comment,
  commentInput,
  commentLikesResponse,
  commentReportInput,
  commentReportResponse,
  commentUpdateInput,
  contactInput,
  contactResponse,
  contentRequest,
  contentRequestInput,
  historyItem,
  historyVisitInput,
  historyVisitResponse,
  likeToggleResponse,
  memberTitleCard,
  memberTitleState,
  notification,
  notificationsReadResponse,
  ratingInput,
  ratingResponse,
  topComment,
  topCommentsQuery,
  watchlistToggleResponse,
} from './member';
import type { downloadsResponse, playInfoResponse, playQuery, screenshotsResponse } from './playback';
import type {
  gift,
  giftPurchaseInput,
  giftRedeemInput,
  giftRedeemResult,
  joinPlanInput,
  payment,
  paymentRedirect,
  paymentResult,
  planResponse,
  plansResponse,
  premiumStatus,
  titleAccessResponse,
} from './premium';
import type {
  audioChoiceInput,
  audioChoiceResponse,
  createProfileInput,
  deleteProfileInput,
  playerPrefs,
  playerPrefsResponse,
  profileResponse,
  profilesResponse,
  selectProfileInput,
  updateProfileInput,
} from './profiles';

/**
 * The API's routes that the web app calls: for each, its method and path (`{name}` for a path
 * parameter, named as the route names it), what it reads (query parameters, JSON body) and what
 * it answers on success. The web app's client takes its paths and answer types from here, so a
 * renamed route or a changed answer is a type error there; apps/api/test/route-table.test.ts
 * checks that every entry is a route the API registers, and that every route the API documents is
 * here or named as one the web app does not call.
 *
 * Only the keys exist at run time (the API's test lists them); the values are types. The web app
 * imports the table's type alone, so nothing of it reaches a page's JavaScript.
 */

/** A query parameter as the client sends it: absent values are left out, the rest sent as text. */
export type QueryValue = string | number | boolean | null | undefined;

/** The query parameters a route's schema reads, each optional (the schema has the defaults). */
type Query<S extends z.ZodType> = { [K in keyof z.input<S>]?: QueryValue };
/** A JSON body as the route's schema accepts it (before its defaults and coercions). */
type Body<S extends z.ZodType> = z.input<S>;
/** The answer as the route's schema sends it. */
type Answer<S extends z.ZodType> = z.output<S>;
/** `{ data: {...} }`: one thing. */
type One<S extends z.ZodType> = { data: z.output<S> };
/** `{ data: [...] }`: a list without pages. */
type List<S extends z.ZodType> = { data: z.output<S>[] };
/** `{ data: [...], meta }`: one page of a list. */
type Page<S extends z.ZodType> = { data: z.output<S>[]; meta: PaginationMeta };
/** A 204: the client reads an empty body as an empty string. */
export type NoContent = '';
/** The answer of a route whose success is `{ ok: true }`. */
type Ok = { ok: true };

/** What one route reads and answers; `query` and `body` are absent where the route reads none. */
export type RouteSpec = { query?: object; body?: unknown; answer: unknown };

/**
 * One entry's value: the same empty object for all, its type (given at each entry) says what the
 * route reads and answers. Plain object literals, so a bundle that does not use the table drops it.
 */
const route = {} as RouteSpec;

export const apiRoutes = {
  // The CSRF cookie (spec §7) and the sign-in forms.
  'GET /sanctum/csrf-cookie': route as { answer: NoContent },
  'POST /api/sanc/register': route as { body: Body<typeof registerInput>; answer: Answer<typeof registerResponse> },
  'POST /api/sanc/login': route as { body: Body<typeof loginInput>; answer: Answer<typeof authResponse> },
  'POST /api/sanc/login-link': route as { body: Body<typeof emailInput>; answer: Answer<typeof messageResponse> },
  'POST /api/sanc/login-with-token': route as { body: Body<typeof loginWithTokenInput>; answer: Answer<typeof authResponse> },
  'POST /api/forgot-password': route as { body: Body<typeof emailInput>; answer: Answer<typeof messageResponse> },
  'POST /api/reset-password': route as { body: Body<typeof resetPasswordInput>; answer: Answer<typeof messageResponse> },
  'POST /api/sanc/password': route as { body: Body<typeof changePasswordInput>; answer: Answer<typeof messageResponse> },
  'POST /api/sanc/logout': route as { answer: Answer<typeof messageResponse> },

  // The catalogue.
  'GET /api/titles': route as { query: Query<typeof titleListQuery>; answer: Page<typeof titleCard> },
  'GET /api/titles/search': route as { query: Query<typeof searchQuery>; answer: List<typeof titleSearchResult> },
  'GET /api/titles/slideshow': route as { query: Query<typeof slideshowQuery>; answer: List<typeof titleCard> },
  'GET /api/titles/comingsoon': route as { query: Query<typeof pageQuery> & { type?: QueryValue }; answer: Page<typeof titleCard> },
  'GET /api/titles/{id}': route as { query: Query<typeof titleDetailQuery>; answer: One<typeof titleDetail> },
  'GET /api/titles/imdb/{imdbId}': route as { query: Query<typeof titleDetailQuery>; answer: One<typeof titleDetail> },
  'GET /api/titles/{id}/files': route as { answer: List<typeof mediaFile> },
  'GET /api/titles/{id}/seasons/{number}/episodes': route as { query: Query<typeof seasonEpisodesQuery>; answer: Page<typeof episode> },
  'GET /api/titles/{id}/similar': route as { answer: List<typeof titleCard> },
  'GET /api/titles/{id}/director-titles': route as { answer: List<typeof titleCard> },
  'GET /api/people/search': route as { query: Pick<Query<typeof searchQuery>, 'q' | 'limit'>; answer: List<typeof personSearchResult> },
  'GET /api/people/{id}': route as { query: Query<typeof personQuery>; answer: One<typeof personDetail> },
  'GET /api/people/{id}/credits': route as { query: Query<typeof personCreditsQuery>; answer: Page<typeof filmographyItem> },
  'GET /api/collections': route as { query: Query<typeof pageQuery>; answer: Page<typeof collectionSummary> },
  'GET /api/collections/{id}': route as { query: Query<typeof collectionQuery>; answer: One<typeof collectionDetail> },
  'GET /api/collections/{id}/titles': route as { query: Query<typeof pageQuery>; answer: Page<typeof titleCard> },
  'GET /api/genres': route as { answer: List<typeof genre> },
  'GET /api/countries': route as { answer: List<typeof country> },

  // Playback, entitlements and the title's pictures.
  'GET /api/titles/{id}/access': route as { answer: Answer<typeof titleAccessResponse> },
  'GET /api/titles/{id}/play': route as { query: Query<typeof playQuery>; answer: Answer<typeof playInfoResponse> },
  'GET /api/titles/{id}/downloads': route as { answer: Answer<typeof downloadsResponse> },
  'GET /api/titles/{id}/screenshots': route as { answer: Answer<typeof screenshotsResponse> },

  // The signed-in member.
  'GET /api/user': route as { answer: Answer<typeof userResponse> },
  'POST /api/user/watchlist/{id}': route as { answer: Answer<typeof watchlistToggleResponse> },
  'GET /api/user/watchlist': route as { query: Query<typeof pageQuery>; answer: Page<typeof memberTitleCard> },
  'GET /api/user/history': route as { query: Query<typeof pageQuery>; answer: Page<typeof historyItem> },
  'DELETE /api/user/history': route as { answer: NoContent },
  'POST /api/user/history/{titleId}': route as { body: Body<typeof historyVisitInput>; answer: Answer<typeof historyVisitResponse> },
  'DELETE /api/user/history/{titleId}': route as { answer: NoContent },
  'POST /api/user/like/{id}': route as { answer: Answer<typeof likeToggleResponse> },
  'POST /api/user/rating/{id}': route as { body: Body<typeof ratingInput>; answer: Answer<typeof ratingResponse> },
  'GET /api/user/titles/{id}/state': route as { answer: Answer<typeof memberTitleState> },
  'GET /api/user/notifications': route as { query: Query<typeof pageQuery>; answer: Page<typeof notification> },
  'POST /api/user/notifications': route as { answer: Answer<typeof notificationsReadResponse> },
  'POST /api/user/request': route as { body: Body<typeof contentRequestInput>; answer: One<typeof contentRequest> },
  'GET /api/user/requests': route as { query: Query<typeof pageQuery>; answer: Page<typeof contentRequest> },
  'POST /api/contact': route as { body: Body<typeof contactInput>; answer: Answer<typeof contactResponse> },

  // Household profiles and the player's choices.
  'GET /api/user/profiles': route as { answer: Answer<typeof profilesResponse> },
  'POST /api/user/profiles': route as { body: Body<typeof createProfileInput>; answer: Answer<typeof profileResponse> },
  'PATCH /api/user/profiles/{id}': route as { body: Body<typeof updateProfileInput>; answer: Answer<typeof profileResponse> },
  'DELETE /api/user/profiles/{id}': route as { body: Body<typeof deleteProfileInput> | undefined; answer: NoContent },
  'POST /api/user/profiles/{id}/select': route as { body: Body<typeof selectProfileInput>; answer: Answer<typeof profileResponse> },
  'GET /api/user/profile/prefs': route as { answer: Answer<typeof playerPrefsResponse> },
  'PUT /api/user/profile/prefs': route as { body: Body<typeof playerPrefs>; answer: Answer<typeof playerPrefsResponse> },
  'GET /api/user/profile/audio/{titleId}': route as { answer: Answer<typeof audioChoiceResponse> },
  'PUT /api/user/profile/audio/{titleId}': route as { body: Body<typeof audioChoiceInput>; answer: Answer<typeof audioChoiceResponse> },

  // Comments.
  'GET /api/titles/{id}/topcomments': route as { query: Query<typeof topCommentsQuery>; answer: Page<typeof topComment> },
  'POST /api/user/comment': route as { body: Body<typeof commentInput>; answer: One<typeof comment> },
  'PATCH /api/user/comments/{id}': route as { body: Body<typeof commentUpdateInput>; answer: One<typeof comment> },
  'DELETE /api/user/comments/{id}': route as { answer: NoContent },
  'POST /api/user/comments/{id}/like': route as { answer: Answer<typeof likeToggleResponse> },
  'POST /api/user/comments/{id}/report': route as { body: Body<typeof commentReportInput>; answer: Answer<typeof commentReportResponse> },
  'GET /api/user/titles/{id}/comment-likes': route as { answer: Answer<typeof commentLikesResponse> },

  // Premium: plans, purchases, gifts, payments.
  'GET /api/plans': route as { answer: Answer<typeof plansResponse> },
  'GET /api/plans/{id}': route as { answer: Answer<typeof planResponse> },
  'GET /api/user/premium': route as { answer: One<typeof premiumStatus> },
  'POST /api/user/join2': route as { body: Body<typeof joinPlanInput>; answer: Answer<typeof paymentRedirect> },
  'POST /api/user/reserve2': route as { body: Body<typeof joinPlanInput>; answer: Answer<typeof paymentRedirect> },
  'POST /api/user/gift': route as { body: Body<typeof giftPurchaseInput>; answer: Answer<typeof paymentRedirect> },
  'POST /api/user/gift/redeem': route as { body: Body<typeof giftRedeemInput>; answer: One<typeof giftRedeemResult> },
  'GET /api/user/gifts': route as { query: Query<typeof pageQuery>; answer: Page<typeof gift> },
  'GET /api/user/payments': route as { query: Query<typeof pageQuery>; answer: Page<typeof payment> },
  'GET /api/user/payments/{id}': route as { answer: One<typeof paymentResult> },

  // The admin panel: the audit log.
  'GET /api/admin/audit': route as { query: Query<typeof auditQuery>; answer: Page<typeof auditEntry> },

  // The admin panel: the catalogue.
  'GET /api/admin/titles': route as { query: Query<typeof adminTitleQuery>; answer: Page<typeof adminTitleRow> },
  'POST /api/admin/titles': route as { body: Body<typeof adminTitleCreate>; answer: One<typeof adminTitle> },
  'GET /api/admin/titles/{id}': route as { answer: One<typeof adminTitle> },
  'PATCH /api/admin/titles/{id}': route as { body: Body<typeof adminTitleUpdate>; answer: One<typeof adminTitle> },
  'DELETE /api/admin/titles/{id}': route as { answer: Ok },
  'POST /api/admin/titles/{id}/publish': route as { answer: One<typeof adminTitle> },
  'POST /api/admin/titles/{id}/hide': route as { answer: One<typeof adminTitle> },
  'POST /api/admin/titles/{id}/seasons': route as { body: Body<typeof adminSeasonInput>; answer: One<typeof adminTitle> },
  'PATCH /api/admin/seasons/{id}': route as { body: Body<typeof adminSeasonUpdate>; answer: One<typeof adminTitle> },
  'DELETE /api/admin/seasons/{id}': route as { answer: One<typeof adminTitle> },
  'POST /api/admin/titles/{id}/episodes': route as { body: Body<typeof adminEpisodeInput>; answer: One<typeof adminTitle> },
  'PATCH /api/admin/episodes/{id}': route as { body: Body<typeof adminEpisodeUpdate>; answer: One<typeof adminTitle> },
  'DELETE /api/admin/episodes/{id}': route as { answer: One<typeof adminTitle> },
  'POST /api/admin/titles/{id}/credits': route as { body: Body<typeof adminCreditInput>; answer: One<typeof adminTitle> },
  'PATCH /api/admin/titles/{id}/credits/{personId}/{role}': route as { body: Body<typeof adminCreditUpdate>; answer: One<typeof adminTitle> },
  'DELETE /api/admin/titles/{id}/credits/{personId}/{role}': route as { answer: One<typeof adminTitle> },
  'PUT /api/admin/titles/{id}/credits/order': route as { body: Body<typeof adminCreditOrder>; answer: One<typeof adminTitle> },
  'POST /api/admin/titles/{id}/dubs': route as { body: Body<typeof adminDubInput>; answer: One<typeof adminTitle> },
  'PATCH /api/admin/dubs/{id}': route as { body: Body<typeof adminDubUpdate>; answer: One<typeof adminTitle> },
  'DELETE /api/admin/dubs/{id}': route as { answer: One<typeof adminTitle> },
  'GET /api/admin/people': route as { query: Query<typeof adminPersonQuery>; answer: Page<typeof adminPerson> },
  'POST /api/admin/people': route as { body: Body<typeof adminPersonInput>; answer: One<typeof adminPerson> },
  'PATCH /api/admin/people/{id}': route as { body: Body<typeof adminPersonUpdate>; answer: One<typeof adminPerson> },
  'GET /api/admin/catalogue/options': route as { answer: One<typeof adminCatalogueOptions> },
  'GET /api/admin/genres': route as { answer: List<typeof adminGenre> },
  'POST /api/admin/genres': route as { body: Body<typeof adminGenreInput>; answer: One<typeof adminGenre> },
  'PATCH /api/admin/genres/{id}': route as { body: Body<typeof adminGenreUpdate>; answer: One<typeof adminGenre> },
  'DELETE /api/admin/genres/{id}': route as { answer: Ok },
  'GET /api/admin/collections': route as { answer: List<typeof adminCollection> },
  'POST /api/admin/collections': route as { body: Body<typeof adminCollectionInput>; answer: One<typeof adminCollectionDetail> },
  'GET /api/admin/collections/{id}': route as { answer: One<typeof adminCollectionDetail> },
  'PATCH /api/admin/collections/{id}': route as { body: Body<typeof adminCollectionUpdate>; answer: One<typeof adminCollectionDetail> },
  'DELETE /api/admin/collections/{id}': route as { answer: Ok },
  'POST /api/admin/collections/{id}/titles': route as { body: Body<typeof adminTitleRef>; answer: One<typeof adminCollectionDetail> },
  'PUT /api/admin/collections/{id}/titles': route as { body: Body<typeof adminTitleOrder>; answer: One<typeof adminCollectionDetail> },
  'DELETE /api/admin/collections/{id}/titles/{titleId}': route as { answer: One<typeof adminCollectionDetail> },
  'GET /api/admin/slideshow': route as { answer: One<typeof adminSlideshow> },
  'POST /api/admin/slideshow/{placement}': route as { body: Body<typeof adminTitleRef>; answer: One<typeof adminSlideshow> },
  'PUT /api/admin/slideshow/{placement}': route as { body: Body<typeof adminTitleOrder>; answer: One<typeof adminSlideshow> },
  'DELETE /api/admin/slideshow/{placement}/{titleId}': route as { answer: One<typeof adminSlideshow> },

  // The admin panel: media and imports.
  'GET /api/admin/titles/{id}/media': route as { answer: One<typeof adminTitleMedia> },
  'GET /api/admin/ingests': route as { query: Query<typeof ingestsQuery>; answer: Page<typeof adminIngest> },
  'GET /api/admin/uploads': route as { query: Query<typeof uploadsQuery>; answer: Page<typeof adminUpload> },
  'GET /api/admin/imports': route as { query: Query<typeof importsQuery>; answer: Page<typeof adminImport> },
  'POST /api/admin/imports': route as { body: Body<typeof importCreateBody>; answer: One<typeof adminImport> },

  // The admin panel: requests, comments, notifications, figures.
  'GET /api/admin/requests': route as { query: Query<typeof adminRequestsQuery>; answer: Page<typeof adminRequestGroup> },
  'POST /api/admin/requests/{id}/fulfil': route as { body: Body<typeof adminRequestFulfilInput>; answer: One<typeof adminRequestAnswer> },
  'POST /api/admin/requests/{id}/decline': route as { body: Body<typeof adminRequestDeclineInput>; answer: One<typeof adminRequestAnswer> },
  'POST /api/admin/requests/{id}/reopen': route as { body: Body<typeof adminRequestReopenInput>; answer: One<typeof adminRequestReopened> },
  'GET /api/admin/title-picker': route as { query: Query<typeof adminTitlePickerQuery>; answer: List<typeof adminTitlePick> },
  'GET /api/admin/comments': route as { query: Query<typeof adminCommentsQuery>; answer: Page<typeof adminComment> },
  'POST /api/admin/comments/{id}/hide': route as { body: Body<typeof adminCommentHideInput>; answer: One<typeof adminComment> },
  'POST /api/admin/comments/{id}/delete': route as { answer: One<typeof adminComment> },
  'POST /api/admin/comments/{id}/restore': route as { answer: One<typeof adminComment> },
  'POST /api/admin/comments/{id}/review': route as { answer: One<typeof adminComment> },
  'PATCH /api/admin/comments/{id}': route as { body: Body<typeof adminCommentUpdateInput>; answer: One<typeof adminComment> },
  'PUT /api/admin/muted-members/{id}': route as { body: Body<typeof adminMuteInput>; answer: One<typeof adminMute> },
  'DELETE /api/admin/muted-members/{id}': route as { answer: One<typeof adminMute> },
  'POST /api/admin/notifications': route as { body: Body<typeof adminNotificationInput>; answer: One<typeof adminNotificationSent> },
  'POST /api/admin/notifications/preview': route as { body: Body<typeof adminNotificationPreviewInput>; answer: One<typeof adminNotificationPreview> },
  'GET /api/admin/notifications/members': route as { query: Query<typeof adminRecipientQuery>; answer: List<typeof adminRecipient> },
  'GET /api/admin/stats': route as { query: Query<typeof adminStatsQuery>; answer: One<typeof adminStats> },

  // The admin panel: members.
  'GET /api/admin/members': route as { query: Query<typeof adminMemberQuery>; answer: Page<typeof adminMember> },
  'GET /api/admin/members/{id}': route as { answer: One<typeof adminMemberDetail> },
  'POST /api/admin/members/{id}/premium': route as { body: Body<typeof adminGrantInput>; answer: One<typeof adminGrantResult> },
  'POST /api/admin/members/{id}/disable': route as { body: Body<typeof adminMemberReasonInput>; answer: One<typeof adminMember> },
  'POST /api/admin/members/{id}/enable': route as { body: Body<typeof adminMemberReasonInput>; answer: One<typeof adminMember> },
  'POST /api/admin/members/{id}/sign-out': route as { answer: One<typeof adminSignOutResult> },
  'PUT /api/admin/members/{id}/role': route as { body: Body<typeof adminRoleInput>; answer: One<typeof adminMember> },

  // The admin panel: money.
  'GET /api/admin/plans': route as { answer: List<typeof adminPlan> },
  'POST /api/admin/plans': route as { body: Body<typeof adminPlanInput>; answer: One<typeof adminPlan> },
  'PATCH /api/admin/plans/{id}': route as { body: Body<typeof adminPlanUpdate>; answer: One<typeof adminPlan> },
  'DELETE /api/admin/plans/{id}': route as { answer: NoContent },
  'GET /api/admin/discounts': route as { query: Query<typeof adminDiscountQuery>; answer: Page<typeof adminDiscount> },
  'POST /api/admin/discounts': route as { body: Body<typeof adminDiscountInput>; answer: One<typeof adminDiscount> },
  'PATCH /api/admin/discounts/{id}': route as { body: Body<typeof adminDiscountUpdate>; answer: One<typeof adminDiscount> },
  'GET /api/admin/gifts': route as { query: Query<typeof adminGiftQuery>; answer: Page<typeof adminGift> },
  'POST /api/admin/gifts': route as { body: Body<typeof adminGiftIssueInput>; answer: One<typeof adminGift> },
  'POST /api/admin/gifts/{id}/disable': route as { body: Body<typeof adminReasonInput>; answer: One<typeof adminGift> },
  'GET /api/admin/payments': route as { query: Query<typeof adminPaymentQuery>; answer: Page<typeof adminPayment> },
  'GET /api/admin/payments.csv': route as { query: Omit<Query<typeof adminPaymentQuery>, 'page' | 'per_page'>; answer: string },
  'GET /api/admin/payments/{id}': route as { answer: One<typeof adminPaymentDetail> },
  'POST /api/admin/payments/{id}/refund': route as { body: Body<typeof adminRefundInput>; answer: One<typeof adminRefundResult> },
} as const;

/** The route table's type: `ApiRoutes['GET /api/titles/{id}']['answer']`. */
export type ApiRoutes = typeof apiRoutes;
/** `METHOD /path/{param}`, one key of the table. */
export type ApiRouteKey = keyof ApiRoutes;
/** The HTTP methods of the table, lower case as the client names them. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
