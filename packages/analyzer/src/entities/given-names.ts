/**
 * Common given names (United States usage, many origins), written for this package from general
 * knowledge, not taken from any data set. A capitalised pair whose first word is here is read as a
 * person's name even without a role or title next to it; other names need such a cue.
 */
const NAMES = `
aaron abby abdul abel abigail abraham ada adam adams adela adrian adriana agnes ahmed aidan aileen aisha akira
alan alana albert alberto alejandra alejandro alex alexa alexander alexandra alexis alfonso alfred alfredo ali
alice alicia alina alison allen allison alma alvin alyssa amanda amber amelia amina amir amit amy ana anders andre
andrea andres andrew andy angel angela angelica angelo angie anita ann anna anne annette annie anthony antonio april
arjun arlene armando arnold arthur arturo ashley audrey austin ava barbara barry beatrice beatriz becky belinda ben
benjamin bernard bernadette beth bethany betty beverly bianca bill billy blake bob bobby bonnie brad bradley brandon
brenda brendan brent brett brian briana bridget brittany brooke bruce bryan bryce caitlin calvin cameron camila
candace carl carla carlos carmen carol caroline carolyn carrie casey cassandra catherine cecilia cedric celia
chad charlene charles charlie charlotte chelsea cheryl chloe chris christian christina christine christopher cindy
claire clara clarence claudia clayton clifford clint clinton cody colin colleen connie connor constance cora corey
courtney craig crystal curtis cynthia daisy dale damian damon dan dana daniel daniela danielle danny darius darlene
darnell darren darryl dave david dawn dean deborah debra deepak delia denise dennis derek derrick desiree devin
diana diane diego dolores dominic dominique don donald donna doris dorothy douglas duane dustin dwayne dylan earl
ed eddie edgar edith edna eduardo edward edwin eileen elaine eleanor elena eli elias elijah elisa elizabeth ella
ellen elliot eloise elsa emily emma enrique eric erica erik erin ernest ernesto esther ethan eugene eva evan evelyn
ewa fatima faye felicia felipe felix fernando florence frances francesca francis francisco frank franklin fred
frederick gabriel gabriela gail gary gavin gene geoffrey george georgia gerald gerardo gina gladys glen glenn gloria
gordon grace graham grant greg gregory gretchen guadalupe gustavo gwen gwendolyn hannah harold harriet harry hassan
hazel heather hector heidi helen henry herbert herman hilda holly howard hugh hugo ian ibrahim ida ignacio imani
ines ingrid irene iris irma isaac isabel isabella ivan jack jackie jacob jacqueline jaime jake jamal james jamie jan
jane janelle janet janice jared jasmine jason javier jay jean jeanette jeff jeffrey jenna jennifer jenny jeremy
jerome jerry jesse jessica jesus jill jim jimmy jo joan joanna joanne joe joel john johnny jon jonathan jordan jorge
jose joseph josephine joshua joy joyce juan juanita judith judy julia julian julie julio june justin kaitlyn kara
karen karim karl kate katherine kathleen kathryn kathy katie kayla keith kelly ken kendra kenneth kerry kevin khalid
kim kimberly kristen kristi kristin kurt kyle lakisha lamar lance larry laura lauren laurie lawrence leah lee leon
leonard leroy leslie lester lillian linda lindsay lindsey lisa liz lloyd lois lorena lorenzo loretta lori lorraine
louis louise lucas lucia lucille lucy luis luke luz lydia lynn mabel madison malcolm mandy manuel marc marcia marco
marcus margaret margarita maria marian marie marilyn mario marion marisol marjorie mark marlene marsha marshall
martha martin marvin mary mason mateo matthew maureen maurice max maxine megan melanie melinda melissa melvin
mercedes meredith mia michael michele michelle miguel mike mildred miriam misty mitchell mohamed mohammed molly
monica monique morgan muhammad myra nadia nancy naomi natalie natasha nathan nathaniel neil nelson nicholas nicole
nina noah noel nora norma norman olga olivia omar oscar owen pablo pamela patricia patrick paul paula pauline pedro
peggy penny peter philip phillip phyllis pierre priscilla priya rachel rafael rajesh ralph ramon ramona randall
randy raquel raul ray raymond rebecca regina reginald renee rhonda ricardo richard rick ricky rita rob robert roberta
roberto robin rochelle rodney roger roland ron ronald rosa rosalind rose rosemary ross roy ruben ruby russell ruth
ryan sabrina sally sam samantha samuel sandra sandy santiago sara sarah scott sean sergio seth shane shannon sharon
shawn sheila shelby shelly sherry shirley sidney simon sofia sonia sophia stacy stanley stella stephanie stephen
steve steven sue susan suzanne sylvia tamara tammy tanya tara ted teresa terrence terry thelma theodore theresa
thomas tiffany tim timothy tina todd tom tommy toni tony tracy travis trevor troy tyler valerie vanessa vernon
veronica vicki victor victoria vincent viola virginia vivian walter wanda warren wayne wendy wesley whitney william
willie wilma xavier yolanda yvonne zachary zoe
abe al alberta alec alfie alisha allan alvaro amos andrei andreas angus anil annabelle anton archie
ariel arlo armand arnie asha ashok audra augustine bart basil bernice bert bertha betsy beverley billie
blanche bobbie boyd brady brandi brenton bridgette britt bryant buddy byron caleb camille candice cara carlton
carmela carole carolina cassie cathy cecil chantal chester christa christy chuck claude clyde curt cyrus dane
darla darrell daryl deanna deb debbie deirdre della delores denis derick desmond dewey dexter dianne dina
dixie dominick donnie dora doug drew dwight edmund edwina effie elbert eldon elisabeth elmer elton elvis
emil emmett enid erma errol ervin essie estelle ethel etta eugenia eunice everett ezra fannie flora
floyd forrest frankie freda freddie gabe gale garrett garry gayle geneva genevieve gerard gilberto glenda goldie
greta hal hank hattie heath herb hershel hilary horace hubert ira isaiah jacques jana janie janis
jarrod jeannie jenifer jerald jeri jess joanie jocelyn jodi jody joey johanna johnnie jolene josh josie
judd jules justine kari karla kasey katrina kaye keisha kelley kendall kenny kermit kira kirk kris
krista kristina kristy lacey lana lara larissa latisha laurence laverne lela leland lena leo leona les
leticia levi lila lionel lola lonnie lora lottie lou lowell lucinda lula luther lyle lynette mae
maggie mamie marcella marci marcy margie margo marianne marla marlon marta mathew matt mattie maude maxwell
mayra mel mervin mickey millie milton minnie missy mitch mona myrtle nadine nan nannie neal ned
nell nellie nettie nick nicky nikki nita nola nolan orville otis pat patsy patti patty percy
pete phil polly quentin quincy rae randolph reba reid rena rene rhoda rickey robbie robyn rocky
rod rodolfo rolando ronnie rory roscoe rosie roxanne rudy rufus russ rusty sadie sal sammy saul
scot selma seymour shari shaun shawna shelia sherri sheryl sid silvia sonny stacey stan stefan stu
susie sybil tabitha tamika teddy terri tess thad theo tobias toby tod tracey trent trisha trudy
ursula vance vera verna vern vic vickie vince virgil wade wally wes wilbur wiley willard willis
winifred wyatt yvette zach zane zelda
`;

export const GIVEN_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));

/** A known given name, whatever its case and accents ("JOSÉ", "José" and "jose" alike). */
export const isGivenName = (word: string): boolean =>
  GIVEN_NAMES.has(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, ''));
